// Every technical field of spec 3, localised (texts come in the page's language, numbers are formatted
// here by locale, lengths in mm, weights in g), as a description list; fields that do not apply are left
// out. And the shipping cost table (the commerce service's GET /orders/shipping-costs).
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { ShippingCostsResponse } from '../../../src/contracts/order.ts';
import { formatNumber, formatPercent, localizeDecimals } from '../../../src/i18n.ts';
import { useShop } from '../../lib/context.tsx';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';

export function TechnicalDetails({ product }: { product: StorefrontProduct }) {
  const shop = useShop();
  const { t, locale } = shop;
  const a = product.attributes;
  const mm = (n: number | null) => (n === null ? null : t('productPage.unit.mm', { n: formatNumber(n, locale, 2) }));
  const g = (n: number | null) => (n === null ? null : t('productPage.unit.g', { n: formatNumber(n, locale, 3) }));
  const rows: [string, string | null][] = [
    ['sku', product.sku],
    ['productType', t(`productPage.type.${product.productType}`)],
    ['preciousMetal', a.preciousMetal],
    ['fineness', a.fineness === null ? null : t('productPage.unit.fineness', { n: formatNumber(a.fineness, locale, 1) })],
    ['fineWeight', a.weightLabel === null ? null : a.fineWeightUnit === 'ounce' ? `${localizeDecimals(a.weightLabel, locale)} (${g(a.fineWeightGrams)})` : localizeDecimals(a.weightLabel, locale)],
    ['grossWeight', g(a.grossWeightGrams)],
    ['manufacturer', a.manufacturer],
    ['countryOfOrigin', a.countryOfOrigin],
    ['series', a.series],
    ['diameter', mm(a.diameterMm)],
    ['thickness', mm(a.thicknessMm)],
    ['length', mm(a.lengthMm)],
    ['width', mm(a.widthMm)],
    ['grade', a.grade],
    ['yearsOfIssue', a.yearsOfIssue],
    ['edition', a.edition],
    ['production', a.production],
    ['packaging', a.packaging],
    ['certificate', a.certificate],
    ['depositable', t(product.depositable ? 'productPage.yes' : 'productPage.no')],
  ];
  return (
    <section className="product-section" aria-labelledby="product-details-title">
      <h2 id="product-details-title">{t('productPage.details')}</h2>
      <dl className="spec-list">
        {rows.filter(([, v]) => v !== null && v !== '').map(([k, v]) => (
          <div key={k}>
            <dt>{t(`productPage.field.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ShippingTable({ costs }: { costs: ShippingCostsResponse }) {
  const shop = useShop();
  const { t } = shop;
  const methods = costs.methods.filter((m) => m.transactionType === 'buy');
  if (methods.length === 0) return null;
  const money = (c: number) => shop.money(c, costs.currency);
  const cost = (m: ShippingCostsResponse['methods'][number]) => {
    if (m.rateBp !== null) {
      return t('productPage.shipping.rate', { percent: formatPercent(m.rateBp, shop.locale), min: money(m.minCentAmount ?? 0) });
    }
    const bands = m.bands;
    if (bands.length === 0 || bands.every((b) => b.centAmount === 0)) return t('productPage.shipping.free');
    return (
      <ul className="shipping-bands">
        {bands.map((b, i) => (
          <li key={i}>
            {b.upToCentAmount === null ? t('productPage.shipping.above', { amount: money(bands[i - 1]?.upToCentAmount ?? 0) }) : t('productPage.shipping.upTo', { amount: money(b.upToCentAmount) })}
            {': '}
            {b.centAmount === 0 ? t('productPage.shipping.free') : money(b.centAmount)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section className="product-section" aria-labelledby="product-shipping-title">
      <h2 id="product-shipping-title">{t('productPage.shipping.title')}</h2>
      <ScrollRegion label={t('productPage.shipping.caption', { currency: costs.currency })}>
        <table className="data-table shipping-table stack-on-phone">
          <caption>{t('productPage.shipping.caption', { currency: costs.currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('productPage.shipping.method')}</th>
              <th scope="col">{t('productPage.shipping.cost')}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m) => (
              <tr key={m.key}>
                <th scope="row">{m.name}</th>
                <td>{cost(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="muted">{t('productPage.shipping.note')}</p>
    </section>
  );
}

/** spec 9: free returns within 30 days, where they apply: not for precious metals priced at the market
 * (no right of withdrawal for them; the legal pages say the same). */
export function ReturnsNote({ marketPriced }: { marketPriced: boolean }) {
  const { t } = useShop();
  return <p className="muted product-returns" data-testid="returns-note">{t(marketPriced ? 'productPage.returns.metal' : 'productPage.returns.accessory')}</p>;
}
