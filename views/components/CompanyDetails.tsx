// The company block of the imprint and contact pages (blocks/CompanyFactsBlock.tsx), from the CMS story
// `company` (BootInfo.company); the footer's parts are in CompanyFacts.tsx, the bank account in
// TransferAccount.tsx. Without the story (CMS down) they render nothing rather than something wrong.
import { useId } from 'react';
import type { Weekday } from '../../src/contracts/content.ts';
import { telHref } from '../../src/contracts/display.ts';
import { useShop } from '../lib/context.tsx';
import { HoursList } from '../blocks/ContactData.tsx';
import { addressLines } from './CompanyFacts.tsx';
import { TransferAccount } from './TransferAccount.tsx';

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
