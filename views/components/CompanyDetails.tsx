// The company block of the imprint and contact pages (blocks/CompanyFactsBlock.tsx) and the checkout's
// transfer instructions, from the CMS story `company` (BootInfo.company); the footer's parts are in
// CompanyFacts.tsx. Without the story (CMS down) they render nothing rather than something wrong.
import { useId } from 'react';
import type { Weekday } from '../../src/contracts/content.ts';
import { groupIban, telHref } from '../../src/contracts/display.ts';
import type { Currency } from '../../src/stores.ts';
import { useShop } from '../lib/context.tsx';
import { HoursList } from '../blocks/ContactData.tsx';
import { addressLines } from './CompanyFacts.tsx';

/** Where a bank transfer goes: the company's account of the cart's currency (the store's, or USD after a
 * switch, spec 1), in the checkout before ordering. */
export function TransferAccount({ currency }: { currency?: Currency } = {}) {
  const shop = useShop();
  const { t, company } = shop;
  const account = company?.bankAccounts.find((a) => a.currency === (currency ?? shop.currency));
  if (!account) return null;
  return (
    <dl className="transfer-account" data-testid="transfer-account">
      <div><dt>{t('confirmation.bank.owner')}</dt><dd>{account.owner}</dd></div>
      <div><dt>{t('company.bank')}</dt><dd>{account.bankName}</dd></div>
      {account.iban ? <div><dt>{t('checkout.payout.iban')}</dt><dd>{groupIban(account.iban)}</dd></div> : null}
      {account.bic ? <div><dt>{t('checkout.payout.bic')}</dt><dd>{account.bic}</dd></div> : null}
      {account.accountNumber ? <div><dt>{t('checkout.payout.accountNumber')}</dt><dd>{account.accountNumber}</dd></div> : null}
      {account.routingNumber ? <div><dt>{t('checkout.payout.routingNumber')}</dt><dd>{account.routingNumber}</dd></div> : null}
    </dl>
  );
}

/** The company block of the imprint and contact pages. */
export function CompanyDetails({ headline, showLegal, showBank }: { headline: string; showLegal: boolean; showBank: boolean }) {
  const { t, company, lang } = useShop();
  const id = useId();
  if (!company) return null;
  return (
    <section className="block container contact-data company-details" aria-labelledby={id} data-testid="company-details">
      <h2 id={id}>{headline}</h2>
      <div className="contact-data-grid">
        <div>
          <address className="address">
            <strong>{company.legalName}</strong>
            {addressLines(company, lang).map((l) => <span key={l}>{l}</span>)}
            <span>{t(`stores.country.${company.country}`)}</span>
          </address>
          <ul className="contact-links">
            <li><span className="contact-label">{t('footer.trust.hotline')}</span> <a href={telHref(company.hotline)}>{company.hotline}</a></li>
            <li><span className="contact-label">{t('stores.email')}</span> <a href={`mailto:${company.email}`}>{company.email}</a></li>
          </ul>
        </div>
        <div>
          <h3 className="contact-hours-title">{t('company.hotlineHours')}</h3>
          <HoursList hours={company.hotlineHours.map((h) => ({ dayFrom: h.dayFrom as Weekday, dayTo: h.dayTo as Weekday, from: h.hourFrom, to: h.hourTo }))} />
        </div>
      </div>
      {showLegal ? (
        <dl className="company-legal">
          <div><dt>{t('company.register')}</dt><dd>{`${company.register[lang]}, ${company.registerNumber}`}</dd></div>
          {company.vatNumber ? <div><dt>{t(`company.vatLabel.${company.country}`)}</dt><dd>{company.vatNumber}</dd></div> : null}
        </dl>
      ) : null}
      {showBank ? (
        <>
          <h3>{t('company.bankTitle')}</h3>
          <TransferAccount />
        </>
      ) : null}
    </section>
  );
}
