// The company's facts as pages show them, all read from the CMS story `company` (BootInfo.company, one
// story per store): the footer's trust bar (hotline, insured shipping, accepted payments, the Trusted Shops
// badge) and legal line, the imprint and contact block (blocks/CompanyFactsBlock.tsx) and the checkout's
// transfer instructions. Without the story (CMS down) they render nothing rather than something wrong.
// The footer's parts are here; the company block in CompanyDetails.tsx and the transfer account in
// TransferAccount.tsx, so the footer on every page does not bring the contact data block's code (issue 27).
import { useId } from 'react';
import type { CompanyFactsView } from '../../src/contracts/company-facts.ts';
import { telHref } from '../../src/contracts/display.ts';
import { useShop } from '../lib/context.tsx';
import { cityLine, formatTime } from '../lib/address-format.ts';
import type { LocaleTag } from '../../src/stores.ts';
import { weekdayName } from '../../src/i18n.ts';

/** "Barrengasse 7", "8001 Zürich" / "36 West 47th Street, Suite 804", "New York, NY 10036" */
export function addressLines(c: CompanyFactsView, lang: 'de' | 'en'): string[] {
  const city = c.city[lang];
  return [c.streetAddress, cityLine({ postalCode: c.postalCode, city, region: c.region, country: c.country })];
}

/** "Mon–Fri 08:00–18:00": the hotline's hours in one line (footer). */
const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function hoursLine(c: CompanyFactsView, locale: LocaleTag): string {
  // the locale's short day names from Intl (one formatter per locale, src/i18n.ts)
  const short = (d: string) => weekdayName(weekdayNames.indexOf(d), locale, 'short');
  return c.hotlineHours
    .map((h) => `${h.dayFrom === h.dayTo ? short(h.dayFrom) : `${short(h.dayFrom)}–${short(h.dayTo)}`} ${formatTime(h.hourFrom, locale)}–${formatTime(h.hourTo, locale)}`)
    .join(', ');
}

function Seal() {
  return (
    <svg className="trust-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#ffdc0f" />
      <circle cx="12" cy="12" r="8" fill="none" stroke="#14213d" strokeWidth="1.6" />
      <path d="M8 12.4l2.6 2.6L16.2 9" fill="none" stroke="#14213d" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The footer's trust bar: four facts a buyer looks for before sending money. */
export function TrustBar() {
  const { t, company, locale } = useShop();
  const id = useId();
  if (!company) return null;
  return (
    <section className="container trust-bar" aria-labelledby={id} data-testid="trust-bar">
      <h2 id={id} className="visually-hidden">{t('footer.trust.title')}</h2>
      <ul className="trust-list">
        <li className="trust-item">
          <span className="trust-label">{t('footer.trust.hotline')}</span>
          <a href={telHref(company.hotline)} className="trust-value">{company.hotline}</a>
          <span className="trust-note">{hoursLine(company, locale)}</span>
        </li>
        <li className="trust-item">
          <span className="trust-label">{t('footer.trust.insured')}</span>
          <span className="trust-note">{t('footer.trust.insuredText')}</span>
        </li>
        <li className="trust-item">
          <span className="trust-label">{t('footer.trust.payments')}</span>
          <span className="trust-note">{t('footer.trust.paymentsText')}</span>
        </li>
        {company.trustedShops ? (
          <li className="trust-item trust-badge">
            <Seal />
            <a href={company.trustedShops.url} rel="noopener" className="trust-value">{t('footer.trust.reviews')}</a>
            <span className="trust-note">{t('footer.trust.reviewsText')}</span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** The legal line under the footer: who sells (legal name, seat, register, VAT number). */
export function LegalLine() {
  const { t, company, lang } = useShop();
  if (!company) return null;
  const parts = [
    company.legalName,
    ...addressLines(company, lang),
    `${company.register[lang]} ${company.registerNumber}`,
    company.vatNumber ? `${t(`company.vatLabel.${company.country}`)} ${company.vatNumber}` : '',
  ].filter(Boolean);
  return <p className="container legal-line" data-testid="legal-line">{parts.join(' · ')}</p>;
}
