import { Link } from './ShopLink.tsx';
import { localizedPath, pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { ConsentSettingsLink } from './consent/ConsentSettingsLink.tsx';
import { Island } from './Island.tsx';
import { footerNewsletterPart } from './forms/newsletter-island.ts';
import { LegalLine, TrustBar } from './CompanyFacts.tsx';
import { legalPages } from './legal-pages.ts';

export function LegalLinks() {
  const { t, lang } = useShop();
  return (
    <ul className="footer-links">
      {legalPages.map((p) => (
        <li key={p.key}>
          <Link to={localizedPath(lang, p[lang])}>{t(p.key)}</Link>
        </li>
      ))}
      <li>
        <ConsentSettingsLink className="link-button footer-link-button" />
      </li>
    </ul>
  );
}

/** The company pages: about us, stores, blog, knowledge hub and press (CMS pages and CMS-driven screens). */
const companyPages = [
  { key: 'footer.about', path: { de: '/ueber-uns', en: '/about-us' } },
  { key: 'footer.stores', path: { de: '/filialen', en: '/stores' } },
] as const;

function CompanyLinks() {
  const { t, lang } = useShop();
  return (
    <ul className="footer-links">
      {companyPages.map((p) => (
        <li key={p.key}><Link to={localizedPath(lang, p.path[lang])}>{t(p.key)}</Link></li>
      ))}
      <li><Link to={pathFor('blog', lang)}>{t('footer.blog')}</Link></li>
      <li><Link to={pathFor('encyclopedia', lang)}>{t('footer.knowledge')}</Link></li>
      <li><Link to={pathFor('pressReleases', lang)}>{t('footer.press')}</Link></li>
    </ul>
  );
}

export function Footer({ slim = false }: { slim?: boolean }) {
  const { t, lang, store, company } = useShop();
  const year = new Date().getUTCFullYear();
  return (
    <footer className={slim ? 'site-footer site-footer-slim' : 'site-footer'}>
      <TrustBar />
      <div className="container footer-grid">
        {!slim && (
          <section aria-labelledby="footer-service">
            <h2 id="footer-service" className="footer-heading">{t('footer.service')}</h2>
            <ul className="footer-links">
              <li><Link to={pathFor('contact', lang)}>{t('footer.contact')}</Link></li>
              <li><Link to={pathFor('sellToUs', lang)}>{t('nav.sellToUs')}</Link></li>
              <li><Link to={pathFor('pricelist', lang)}>{t('nav.pricelist')}</Link></li>
              <li><Link to={pathFor('whistleblower', lang)}>{t('footer.whistleblower')}</Link></li>
            </ul>
          </section>
        )}
        {!slim && (
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className="footer-heading">{t('footer.company')}</h2>
            <CompanyLinks />
          </section>
        )}
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">{t('footer.legal')}</h2>
          <LegalLinks />
        </section>
        {!slim && (
          <section aria-labelledby="footer-promise" className="footer-promise">
            <h2 id="footer-promise" className="footer-heading">{t('shop.name')}</h2>
            <ul className="promise-list">
              <li>{t('footer.delivery')}</li>
              <li>
                {t('footer.returns')}{' '}
                <Link to={localizedPath(lang, lang === 'de' ? '/widerrufsrecht' : '/right-of-revocation')}>{t('footer.returnsLink')}</Link>
              </li>
              <li>{t('footer.prices')}</li>
            </ul>
          </section>
        )}
      </div>
      {!slim && (
        <section aria-labelledby="footer-newsletter" className="container footer-newsletter">
          <h2 id="footer-newsletter" className="footer-heading">{t('forms.newsletter.footerTitle')}</h2>
          <p className="footer-newsletter-text">{t('forms.newsletter.footerText')}</p>
          <Island part={footerNewsletterPart} props={{ source: 'footer' }} />
        </section>
      )}
      <LegalLine />
      {/* issue 28: the US store speaks as its own company and charges no VAT */}
      <p className="container copyright">{store === 'us' ? t('footer.copyrightUs', { year, company: company?.legalName ?? t('shop.name') }) : t('footer.copyright', { year })}</p>
    </footer>
  );
}
