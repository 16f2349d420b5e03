// Issue 24: the packing slips of a day's parcels, one per order: the order number, its date, the ship-to
// address, the lines with quantity, article number and fine weight, no prices. A printable page (the print
// CSS hides the back office's chrome and starts each slip on a new page); the stored, numbered delivery
// note as a PDF is the documents issue's.
import type { PackingSlip } from '../../../contracts/ops-lists.ts';
import { addressLines } from '../../../contracts/address-format.ts';
import type { Fmt } from '../../format.ts';

/** Milligrams as grams with three decimals in the operator's locale (31103 -> "31.103 g"). */
const grams = (f: Fmt, mg: number) => f.grams(mg / 1000);

/** pdfHref (issue 25): the same slips as one PDF, one page each, in each order's language */
export function PackingSlipsView({ f, slips, pdfHref }: { f: Fmt; slips: PackingSlip[]; pdfHref?: string }) {
  const { t } = f;
  return (
    <>
      <div className="no-print">
        <p>{t('slips.intro')}</p>
        <p>{t('slips.print')}</p>
        {pdfHref && <p><a href={pdfHref} className="button" data-testid="slips-pdf" download>{t('slips.pdf')}</a></p>}
        <p className="back"><a href="/orders">{t('slips.back')}</a></p>
      </div>
      {slips.map((s) => (
        <article key={s.orderId} className="slip card" aria-labelledby={`slip-${s.orderId}`}>
          <header className="slip-head">
            <h2 id={`slip-${s.orderId}`}>{t('slips.slip')} {s.orderNumber}</h2>
            <dl className="slip-facts">
              <div><dt>{t('slips.order')}</dt><dd>{s.orderNumber}</dd></div>
              <div><dt>{t('slips.date')}</dt><dd>{f.date(s.createdAt)}</dd></div>
              <div><dt>{t('slips.delivery')}</dt><dd>{s.shippingMethod}</dd></div>
            </dl>
          </header>
          <section aria-label={t('slips.shipTo')} className="slip-address">
            <h3>{t('slips.shipTo')}</h3>
            <address>{addressLines(s.shipTo, (code) => f.tAny(`account.country.${code}`)).map((l, i) => <span key={i} className="line">{l}</span>)}</address>
          </section>
          <table className="slip-lines">
            <caption className="visually-hidden">{t('slips.slip')} {s.orderNumber}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">{t('slips.quantity')}</th>
                <th scope="col">{t('slips.item')}</th>
                <th scope="col">{t('slips.sku')}</th>
                <th scope="col" className="num">{t('slips.fine')}</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l, i) => (
                <tr key={i}>
                  <td className="num">{l.quantity}</td>
                  <td>{l.name}</td>
                  <td>{l.sku ?? '–'}</td>
                  <td className="num">{l.fineWeightMg > 0 ? grams(f, l.fineWeightMg) : '–'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row" colSpan={3}>{t('slips.totalFine')}</th><td className="num">{grams(f, s.fineWeightMg)}</td></tr>
            </tfoot>
          </table>
        </article>
      ))}
    </>
  );
}
