// The order page's timeline as a customer reads it (issue 15): every event in a sentence of their language,
// with date and time in the store's format (US MM/DD/YYYY, elsewhere DD/MM/YYYY); a shipment's tracking
// link opens the carrier's page and names the parcel; an assay explains line by line why the payout differs
// from the estimate. While a bank transfer is awaited, the page says by when to pay and where.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import type { Order, OrderTimelineEntry } from '../../src/contracts/order.ts';
import { pathFor } from '../../src/screens.ts';
import type { StoreKey } from '../../src/stores.ts';
import { OrderTimeline } from '../../views/components/account-area/OrderTimeline.tsx';
import AccountOrderPage from '../../views/pages/account-order/Page.tsx';
import AccountOrdersPage from '../../views/pages/account-orders/Page.tsx';
import { renderInShop } from './render.tsx';
import { eur, orderFixture, ORDER_ID, usd } from './order-fixture.ts';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());


const order = (over: Partial<Order> = {}): Order => orderFixture(over);

const entry = (kind: OrderTimelineEntry['kind'], details: Record<string, unknown> = {}, at = '2026-12-02T08:15:00Z'): OrderTimelineEntry =>
  ({ at, kind, orderState: 'Open', paymentState: 'Pending', details });

const assay = {
  estimate: eur(250_000), final: eur(242_500), note: null,
  lines: [
    { lineId: 's1', name: 'Altgold 585/1000', estimatedFineWeightGrams: 20, finalFineWeightGrams: 19.4, estimate: eur(250_000), final: eur(242_500) },
  ],
};

function showTimeline(o: Order, lang: 'de' | 'en', store: StoreKey = 'de') {
  return renderInShop(<OrderTimeline order={o} />, { path: pathFor('accountOrder', lang, { slug: o.id }), store, session: { level: 'user' } });
}

function sentences(): string[] {
  return within(screen.getByTestId('order-timeline')).getAllByRole('listitem')
    .filter((li) => li.parentElement === screen.getByTestId('order-timeline'))
    .map((li) => text(li.querySelector('.order-timeline-text')));
}

// one row per kind: the entry, then what a German and an English reader see
const kinds: [string, Partial<Order>, OrderTimelineEntry, string, string][] = [
  ['placed (buy)', {}, entry('placed'), 'Sie haben die Bestellung aufgegeben.', 'You placed the order.'],
  ['placed (sell)', { type: 'sell' }, entry('placed'), 'Sie haben den Verkauf an uns aufgegeben.', 'You placed the sale to us.'],
  ['payment received', {}, entry('payment_recorded', { amount: eur(712_345), reference: 'DE-B-2026-000042', valueDate: '2026-12-04' }),
    'Ihre Zahlung über 7.123,45 € ist eingegangen (Valuta 04/12/2026).', 'We received your payment of €7,123.45 (value date 04/12/2026).'],
  ['payment flagged', {}, entry('payment_flagged', { amount: eur(700_000), reason: 'amount_mismatch' }),
    'Eine Überweisung über 7.000,00 € ist eingegangen, die nicht zum Betrag dieser Bestellung passt. Wir melden uns bei Ihnen.',
    'A transfer of €7,000.00 arrived that does not match the amount of this order. We will contact you.'],
  ['payment failed', {}, entry('payment_failed'), 'Die Zahlung ist fehlgeschlagen.', 'The payment failed.'],
  ['payment reminder', { paymentDueBy: '2026-12-09' }, entry('payment_reminder'),
    'Wir haben Sie an die Zahlung erinnert: Ihre Überweisung ist noch nicht eingegangen. Bitte überweisen Sie bis zum 09/12/2026.',
    'We reminded you of the payment: your transfer has not arrived yet. Please transfer by 09/12/2026.'],
  ['confirmed', {}, entry('confirmed'), 'Wir haben Ihre Bestellung bestätigt.', 'We confirmed your order.'],
  ['shipped', {}, entry('shipped', { carrier: 'DHL', trackingNumber: '00340434161094042557', trackingUrl: 'https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode=00340434161094042557' }),
    'Wir haben Ihre Bestellung mit DHL versandt.', 'We shipped your order with DHL.'],
  ['collected', { pickupStore: { slug: 'berlin', name: 'Aurum Berlin', streetAddress: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'DE', openingHours: [] } },
    entry('collected'), 'Sie haben Ihre Bestellung in der Filiale Aurum Berlin abgeholt.', 'You collected your order at Aurum Berlin.'],
  ['stored in the depot', {}, entry('stored', { depositNumber: 'DE-D-00000001' }), 'Wir haben Ihr Edelmetall in Ihr Depot DE-D-00000001 eingelagert.', 'We stored your metal in your deposit DE-D-00000001.'],
  ['goods received', { type: 'sell' }, entry('goods_received'), 'Ihre Ware ist bei uns eingegangen.', 'Your items arrived at our premises.'],
  ['assayed', { type: 'sell', assay }, entry('assayed', { estimate: eur(250_000), final: eur(242_500) }),
    'Wir haben Ihre Ware geprüft: Die Auszahlung beträgt 2.425,00 € statt der geschätzten 2.500,00 € (−\u206075,00 €).',
    'We assayed your items: the payout is €2,425.00 instead of the estimated €2,500.00 (−\u2060€75.00).'],
  ['paid out', { type: 'sell' }, entry('paid_out', { amount: eur(242_500), iban: 'DE89 •••• •••• •••• •••• 00', valueDate: '2026-12-10' }),
    'Wir haben 2.425,00 € auf Ihr Konto DE89 •••• •••• •••• •••• 00 überwiesen (Valuta 10/12/2026).',
    'We transferred €2,425.00 to your account DE89 •••• •••• •••• •••• 00 (value date 10/12/2026).'],
  ['paid out (to the order\'s payout account)', { type: 'sell', payoutAccount: { accountOwner: 'Anna Muster', iban: 'CH93•••••••••••••2957', bic: null, accountNumber: null, routingNumber: null } },
    entry('paid_out', { amount: eur(242_500), valueDate: '2026-12-10' }),
    'Wir haben 2.425,00 € auf Ihr Konto CH93•••••••••••••2957 überwiesen (Valuta 10/12/2026).',
    'We transferred €2,425.00 to your account CH93•••••••••••••2957 (value date 10/12/2026).'],
  ['cancelled by us, with the reason', {}, entry('cancelled', { reason: 'Auf Ihren Wunsch' }),
    'Die Bestellung wurde storniert: Auf Ihren Wunsch', 'The order was cancelled: Auf Ihren Wunsch'],
  ['cancelled because the transfer did not arrive', {}, entry('cancelled', { reason: 'not_paid_in_time' }),
    'Die Bestellung wurde storniert, weil Ihre Überweisung nicht rechtzeitig eingegangen ist.', 'The order was cancelled because your transfer did not arrive in time.'],
  ['cancelled with a reason code this page does not know', {}, entry('cancelled', { reason: 'some_new_code' }),
    'Die Bestellung wurde storniert.', 'The order was cancelled.'],
];

for (const [name, over, e, de, en] of kinds) {
  t.test(`${name}: a sentence in German and in English`, async (t) => {
    showTimeline(order({ ...over, timeline: [e] }), 'de');
    t.same(sentences(), [de]);
    cleanup();
    showTimeline(order({ ...over, timeline: [e] }), 'en');
    t.same(sentences(), [en]);
  });
}

t.test('the entries are an ordered list under their own heading, oldest first, each with its date and time', async (t) => {
  showTimeline(order({
    timeline: [entry('placed', {}, '2026-12-02T08:15:00Z'), entry('payment_recorded', { amount: eur(712_345) }, '2026-12-04T13:40:00Z'), entry('confirmed', {}, '2026-12-04T13:40:00Z')],
  }), 'de');
  const heading = screen.getByRole('heading', { level: 2, name: 'Verlauf' });
  const list = screen.getByTestId('order-timeline');
  t.equal(list.tagName, 'OL');
  t.equal(heading.closest('section'), list.closest('section'), 'the heading names the list\'s section');
  t.same(sentences(), ['Sie haben die Bestellung aufgegeben.', 'Ihre Zahlung über 7.123,45 € ist eingegangen.', 'Wir haben Ihre Bestellung bestätigt.']);
  t.same([...list.querySelectorAll('time')].map((el) => [el.getAttribute('datetime'), el.textContent]), [
    ['2026-12-02T08:15:00Z', '02/12/2026 09:15'],
    ['2026-12-04T13:40:00Z', '04/12/2026 14:40'],
    ['2026-12-04T13:40:00Z', '04/12/2026 14:40'],
  ], 'DD/MM/YYYY and the Central European time on the German store');
});

t.test('US store: MM/DD/YYYY, New York time, and a due day that stays the same day', async (t) => {
  const o = order({ currency: 'USD', amount: usd(100_000), totalGrossPrice: usd(100_000), paymentDueBy: '2026-12-09', timeline: [entry('placed', {}, '2026-12-02T15:30:00Z'), entry('payment_reminder', {}, '2026-12-07T14:00:00Z')] });
  showTimeline(o, 'en', 'us');
  const times = [...screen.getByTestId('order-timeline').querySelectorAll('time')].map((el) => el.textContent);
  t.same(times, ['12/02/2026 10:30 AM', '12/07/2026 09:00 AM']);
  t.match(sentences()[1], /Please transfer by 12\/09\/2026\.$/, 'the 9th, not the 8th (a date is not read as a UTC instant)');
});

t.test('a shipment: the tracking link opens the carrier page, named with the tracking number', async (t) => {
  const url = 'https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode=00340434161094042557';
  showTimeline(order({ orderState: 'Complete', paymentState: 'Paid', timeline: [entry('shipped', { carrier: 'DHL', trackingNumber: '00340434161094042557', trackingUrl: url })] }), 'en');
  const link = screen.getByRole('link', { name: /00340434161094042557/ });
  t.equal(link.getAttribute('href'), url);
  t.equal(link.getAttribute('target'), '_blank');
  t.match(link.getAttribute('rel'), /noopener/);
  t.equal(text(link), 'Track parcel 00340434161094042557 (opens in a new tab)', 'says where it goes');
  cleanup();
  showTimeline(order({ timeline: [entry('shipped', { carrier: 'DHL', trackingNumber: '00340434161094042557', trackingUrl: url })] }), 'de');
  t.equal(text(screen.getByRole('link', { name: /^Sendung 00340434161094042557 verfolgen/ })), 'Sendung 00340434161094042557 verfolgen (öffnet in einem neuen Tab)');
});

t.test('a shipment: the link comes from the order\'s shipments when the entry lacks it; a bad address is never a link', async (t) => {
  showTimeline(order({
    shipments: [{ carrier: 'Post CH', trackingNumber: '99.00.123456.12345678', trackingUrl: 'https://service.post.ch/ekp-web/ui/entry/shipping/1/search?q=99.00.123456.12345678', shippedAt: '2026-12-05T09:00:00Z' }],
    timeline: [entry('shipped', { trackingNumber: '99.00.123456.12345678' })],
  }), 'en');
  t.same(sentences(), ['We shipped your order with Post CH.']);
  t.match(screen.getByRole('link', { name: /99\.00\.123456\.12345678/ }).getAttribute('href'), /^https:\/\/service\.post\.ch\//);
  cleanup();
  showTimeline(order({ timeline: [entry('shipped', { carrier: 'X', trackingNumber: 'ABC123', trackingUrl: 'javascript:alert(1)' })] }), 'en');
  t.equal(within(screen.getByTestId('order-timeline')).queryByRole('link'), null);
  t.match(text(screen.getByTestId('order-timeline')), /Tracking number ABC123/, 'the number is still there to copy');
});

t.test('an assay explains per line the estimate, the fine weight found and the difference', async (t) => {
  const twoLines = {
    estimate: eur(400_000), final: eur(392_500), note: 'Eine Münze war beschädigt.',
    lines: [
      { lineId: 's1', name: 'Altgold 585/1000', estimatedFineWeightGrams: 20, finalFineWeightGrams: 19.4, estimate: eur(250_000), final: eur(242_500) },
      { lineId: 's2', name: 'Vreneli 20 Franken', estimatedFineWeightGrams: 5.806, finalFineWeightGrams: 5.806, estimate: eur(150_000), final: eur(150_000) },
    ],
  };
  showTimeline(order({ type: 'sell', orderState: 'Accepted', assay: twoLines, timeline: [entry('assayed', { estimate: eur(400_000), final: eur(392_500) })] }), 'de');
  const explanation = screen.getByTestId('assay-explanation');
  t.match(text(explanation), /zu den Preisen, die bei Ihrer Bestellung festgelegt wurden; nur das bei der Prüfung ermittelte Feingewicht/);
  t.same(within(explanation).getAllByRole('listitem').map(text), [
    'Altgold 585/1000: 20 g Feingewicht geschätzt, 19,4 g ermittelt: 2.425,00 € statt 2.500,00 € (−\u206075,00 €).',
    'Vreneli 20 Franken: 5,806 g Feingewicht, wie geschätzt: 1.500,00 €.',
  ]);
  t.match(text(explanation), /Hinweis aus der Prüfung: Eine Münze war beschädigt\./);
  cleanup();
  showTimeline(order({ type: 'sell', orderState: 'Accepted', assay: twoLines, timeline: [entry('assayed')] }), 'en');
  t.same(within(screen.getByTestId('assay-explanation')).getAllByRole('listitem').map(text)[0],
    'Altgold 585/1000: 20 g fine metal estimated, 19.4 g found: €2,425.00 instead of €2,500.00 (−\u2060€75.00).', 'the order\'s assay when the entry has no facts');
  t.same(sentences(), ['We assayed your items: the payout is €3,925.00 instead of the estimated €4,000.00 (−\u2060€75.00).']);
});

t.test('an order from before the timeline shows its placement', async (t) => {
  showTimeline(order({ timeline: undefined }), 'en');
  t.same(sentences(), ['You placed the order.']);
});

const instructions = { accountOwner: 'Aurum Edelmetalle GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountNumber: null, routingNumber: null, reference: 'DE-B-2026-000042', amount: eur(712_345) };

t.test('the order page: states as badges, and for an unpaid transfer by when and where to pay', async (t) => {
  const o = order({ paymentDueBy: '2026-12-09', paymentInstructions: instructions, timeline: [entry('placed')] });
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'de', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: o, meta: {} } });
  t.equal(text(await screen.findByTestId('order-state')), 'Offen');
  t.equal(text(screen.getByTestId('order-payment-state')), 'Ausstehend');
  t.equal(text(screen.getByTestId('order-pay-by')), 'Bitte überweisen Sie 7.123,45 € bis zum 09/12/2026 unter Angabe Ihrer Bestellnummer DE-B-2026-000042.');
  const bank = screen.getByRole('region', { name: 'Unsere Bankverbindung' });
  t.match(text(bank), /DE89 3704 0044 0532 0130 00/);
  t.match(text(bank), /bis zum 09\/12\/2026 eingehen/);
  t.same(within(screen.getByRole('main')).getAllByRole('heading').map((h) => `${h.tagName} ${text(h)}`),
    ['H1 Bestellung DE-B-2026-000042', 'H2 Unsere Bankverbindung', 'H2 Per Code bezahlen (GiroCode)', 'H2 Verlauf', 'H2 Rechnungsadresse', 'H2 Lieferadresse'], 'one h1, then the sections in order');
  // issue 25: the GiroCode beside its text (the code is the service's SVG; no PDF for an EPC code)
  const slip = screen.getByRole('region', { name: 'Per Code bezahlen (GiroCode)' });
  t.equal(screen.getByTestId('payment-slip-code').getAttribute('src'), `/api/orders/${ORDER_ID}/payment-slip.svg`);
  t.match(screen.getByRole('img', { name: /^QR-Code für Ihre Überweisung: 7\.123,45\s€ an DE89 3704 0044 0532 0130 00, Referenz DE-B-2026-000042$/ }).tagName, 'IMG', 'the code has its text alternative');
  t.equal(text(screen.getByTestId('payment-slip-reference')), 'DE-B-2026-000042', 'the GiroCode\'s remittance: the order number');
  t.equal(text(screen.getByTestId('payment-slip-amount')), '7.123,45 €');
  t.equal(within(slip).queryByTestId('payment-slip-pdf'), null);
});

t.test('the order page: nothing to pay once paid, cancelled, or paid in cash', async (t) => {
  for (const over of [
    { orderState: 'Confirmed', paymentState: 'Paid' },
    { orderState: 'Cancelled', paymentState: 'Pending' },
    { paymentMethod: 'cash' },
  ] as Partial<Order>[]) {
    renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'en', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: order({ paymentDueBy: '2026-12-09', paymentInstructions: instructions, ...over }), meta: {} } });
    await screen.findByTestId('order-state');
    t.equal(screen.queryByTestId('order-pay-by'), null, JSON.stringify(over));
    t.equal(screen.queryByRole('region', { name: 'Our bank details' }), null);
    cleanup();
  }
});

t.test('the orders list: translated badges, a sale\'s payout said as such, and the pay-by day of an unpaid transfer', async (t) => {
  const results = [
    order({ paymentDueBy: '2026-12-09' }),
    order({ id: '55555555-5555-4555-8555-555555555555', orderNumber: 'DE-S-2026-000007', type: 'sell', orderState: 'Complete', paymentState: 'Paid', paymentMethod: 'bank-transfer' }),
  ];
  renderInShop(<AccountOrdersPage />, { path: pathFor('accountOrders', 'de'), store: 'de', session: { level: 'user' }, loaderData: { orders: { results, total: 2, limit: 10, offset: 0 }, page: 1, pages: 1, type: 'all', meta: {} } });
  const rows = within(await screen.findByTestId('orders-table')).getAllByRole('row').slice(1);
  t.same(rows.map((r) => within(r).getAllByRole('cell').slice(2, 4).map(text)), [
    ['Offen', 'Ausstehend zahlbar bis 09/12/2026'],
    ['Abgeschlossen', 'Ausgezahlt'],
  ]);
  t.ok(rows[0].querySelector('.status-tag.status-pending'), 'a badge');
});

t.test('the order page: after a part of the transfer, the rest is asked for', async (t) => {
  const o = order({ paymentDueBy: '2026-12-09', paymentInstructions: instructions, timeline: [entry('placed'), entry('payment_recorded', { amount: eur(700_000), valueDate: '2026-12-03', paidAmount: eur(700_000), openAmount: eur(12_345) })] });
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'en', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: o, meta: {} } });
  t.equal(text(await screen.findByTestId('order-pay-by')),
    'We have received €7,000.00 so far. Please transfer the remaining €123.45 by 09/12/2026, quoting your order number DE-B-2026-000042.');
  t.match(text(screen.getByRole('region', { name: 'Our bank details' })), /Amount\s*€123\.45/);
  t.same(sentences(), ['You placed the order.', 'We received your payment of €7,000.00 (value date 03/12/2026). €123.45 is still to pay.']);
});

t.test('stored in the depot: a way to the depot', async (t) => {
  showTimeline(order({ orderState: 'Complete', paymentState: 'Paid', timeline: [entry('stored')] }), 'de');
  t.equal(within(screen.getByTestId('order-timeline')).getByRole('link', { name: 'Zum Depot' }).getAttribute('href'), pathFor('accountDeposit', 'de'));
});
