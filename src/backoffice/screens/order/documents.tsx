// Issue 25, "Staff: every document of an order on its back-office page": kind, number, date, the SHA-256's
// first twelve characters (the full hash in the cell's title and in the audit entry) and the download of the
// stored PDF; and the order's packing slip as PDF. The same rule as the rest of the page: any operator.
import type { OpsDocument } from '../../../contracts/ops-documents.ts';
import type { Fmt } from '../../format.ts';
import { TableWrap as Wrap } from '../../ui/parts.tsx';

export function DocumentsSection({ f, orderId, orderNumber, documents, slip }: { f: Fmt; orderId: string; orderNumber: string; documents: OpsDocument[]; slip: boolean }) {
  const { t } = f;
  return (
    // not a named landmark: its table's scroll region carries the same name (axe landmark-unique), as the mails
    <section className="card" data-testid="order-documents">
      <h2 id="h-documents">{t('detail.documents.title')}</h2>
      {documents.length === 0 ? <p className="empty">{t('detail.documents.empty')}</p> : (
        <Wrap label={t('detail.documents.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('detail.documents.kind')}</th><th scope="col">{t('detail.documents.number')}</th><th scope="col">{t('detail.documents.date')}</th>
                <th scope="col">{t('detail.documents.sha')}</th><th scope="col"><span className="visually-hidden">{t('detail.documents.download')}</span></th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id}>
                  <td>{f.tAny(`documents.kindName.${d.kind}`)}</td>
                  <td>{d.number}</td>
                  <td>{f.dateTime(d.issuedAt)}</td>
                  <td><code title={d.sha256}>{d.sha256.slice(0, 12)}</code></td>
                  <td><a href={`/orders/${orderId}/documents/${d.id}`} download aria-label={t('detail.documents.downloadLabel', { number: d.number })}>{t('detail.documents.download')}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </Wrap>
      )}
      {slip && <p><a href={`/orders/${orderId}/packing-slip.pdf`} download data-testid="order-packing-slip">{t('detail.documents.packingSlip', { number: orderNumber })}</a></p>}
    </section>
  );
}
