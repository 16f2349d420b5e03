// Issue 25, where documents appear: the order page lists every document of the order (the invoice, a
// cancellation invoice) to download as stored when issued, and a company customer's e-invoice XML beside its
// PDF (DE, AT). Links to the storefront's /api, which proxies the commerce service's owner-checked download.
import type { Order } from '../../../src/contracts/order.ts';
import { useShop } from '../../lib/context.tsx';

export function OrderDocuments({ order }: { order: Order }) {
  const { t, date } = useShop();
  const docs = order.documents ?? [];
  if (docs.length === 0) return null;
  const base = `/api/orders/${encodeURIComponent(order.id)}/documents`;
  return (
    <section className="account-panel order-documents" aria-labelledby="order-documents" data-testid="order-documents">
      <h2 id="order-documents">{t('orders.documents.title')}</h2>
      <ul>
        {docs.map((d) => {
          const name = t(`orders.documents.${d.kind}`, { number: d.number });
          return (
            <li key={d.id}>
              <a href={`${base}/${d.id}`} download={`${d.number}.pdf`} data-testid="order-document">{t('orders.documents.pdf', { name })}</a>
              <span className="account-muted"> · {date(d.issuedAt)}</span>
              {d.xmlUrl ? <> · <a href={`${base}/${d.id}/xml`} download={`${d.number}.xml`} data-testid="order-document-xml">{t('orders.documents.xml', { number: d.number })}</a></> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
