// Issue 25 between real services: the payment slip and the documents of an order on the storefront. The
// order page (server-rendered) shows the QR-bill while a bank transfer is awaited, with the account, the
// structured reference and the amount as text; /api serves the slip's SVG and PDF and, once finance recorded
// the payment, the invoice: to the order's customer only (another's: 404 with the service's code).
import { gzipSync } from 'node:zlib';
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { compactReference, orderReference } from '../../src/contracts/payment-qr.ts';
import { signedIn, startShop, swissAddress, type Shop } from '../api/helpers.ts';
import { finance } from '../lifecycle/helpers.ts';
import { priceSetAt } from '../orders/helpers.ts';

async function pricesNow(shop: Shop) {
  const set = await priceSetAt(shop.db, shop.clock().getTime());
  const res = await shop.commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200) throw new Error(`hand-over ${res.statusCode} ${res.body}`);
}

t.test('CH bank transfer: the order page shows the QR-bill with its text; /api serves slip and invoice to the owner only', async (t) => {
  const shop = await startShop(t);
  await pricesNow(shop);
  const { b: anna } = await signedIn(shop);
  const { b: ben } = await signedIn(shop);
  const added = await anna.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const cartId = added.json.cart.id as string;
  await anna.put(`/api/carts/${cartId}/addresses`, { shippingAddress: swissAddress(), billingAddress: swissAddress() });
  await anna.put(`/api/carts/${cartId}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  const placed = await anna.post('/api/orders', { cartId, idempotencyKey: 'order-files-test-1' });
  t.equal(placed.status, 201, placed.text);
  const order = placed.json.order;
  const iban = order.paymentInstructions.iban as string;
  const reference = orderReference(order.orderNumber, iban).reference;

  const page = await anna.get(`/kundenkonto/bestelluebersicht/${order.id}`);
  t.equal(page.status, 200);
  t.match(page.text, /data-testid="payment-slip" data-kind="qr-bill"/, 'the order page shows the QR-bill while unpaid');
  t.match(page.text, `src="/api/orders/${order.id}/payment-slip.svg"`, 'the code is the server\'s SVG');
  t.match(page.text, /alt="QR-Code für Ihre Überweisung: CHF/, 'with its text alternative');
  const slipText = page.text.slice(page.text.indexOf('data-testid="payment-slip"'));
  const shown = (id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(slipText)?.[1] ?? '';
  t.equal(compactReference(shown('payment-slip-reference')), reference, 'the structured reference as text');
  t.equal(compactReference(shown('payment-slip-iban')), compactReference(iban), 'the account as text');
  t.match(shown('payment-slip-amount'), /CHF/, 'the amount in the store\'s format');
  t.match(page.text, `href="/api/orders/${order.id}/payment-slip.pdf"`, 'the QR-bill to print');

  const svg = await anna.get(`/api/orders/${order.id}/payment-slip.svg`);
  t.equal(svg.status, 200);
  t.match(svg.headers['content-type'], /^image\/svg\+xml/);
  t.match(svg.text, /^<svg|<svg /, 'an SVG');
  const pdf = await anna.get(`/api/orders/${order.id}/payment-slip.pdf`);
  t.equal(pdf.status, 200);
  t.equal(pdf.headers['content-type'], 'application/pdf');
  t.ok(pdf.text.startsWith('%PDF-'));
  for (const path of [`/api/orders/${order.id}/payment-slip.svg`, `/api/orders/${order.id}/payment-slip.pdf`]) {
    const theirs = await ben.get(path);
    t.equal(theirs.status, 404, `another customer: ${path}`);
    t.equal(theirs.json.code, 'order_not_found');
  }
  t.equal((await anna.get('/api/orders/not-an-id/payment-slip.svg')).status, 404);

  // finance records the transfer: the slip is gone, the invoice is there to download
  const fin = finance();
  await life.recordPayment(shop.commerce.commerce, order.id, { centAmount: order.totalGrossPrice.centAmount, currency: 'CHF', reference: order.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
  const [doc] = await shop.db.query<{ id: string; number: string }>('select id, number from documents where order_id = $1', [order.id]);
  const paid = await anna.get(`/kundenkonto/bestelluebersicht/${order.id}`);
  t.notMatch(paid.text, 'data-testid="payment-slip"', 'no slip once paid');
  t.match(paid.text, `href="/api/orders/${order.id}/documents/${doc.id}"`, 'the order page links the invoice');
  t.match(paid.text, `Rechnung ${doc.number} herunterladen (PDF)`);
  t.notMatch(paid.text, 'order-document-xml', 'a private customer in CH: no e-invoice XML');
  const invoice = await anna.get(`/api/orders/${order.id}/documents/${doc.id}`);
  t.equal(invoice.status, 200);
  t.equal(invoice.headers['content-type'], 'application/pdf');
  t.equal(invoice.headers['content-disposition'], `attachment; filename="${doc.number}.pdf"`, 'named by its number');
  t.ok(invoice.text.startsWith('%PDF-'));
  const theirs = await ben.get(`/api/orders/${order.id}/documents/${doc.id}`);
  t.equal(theirs.status, 404);
  t.equal(theirs.json.code, 'order_not_found');
  t.equal((await anna.get(`/api/orders/${order.id}/payment-slip.svg`)).json.code, 'payment_slip_not_found', 'paid: no slip');
});
