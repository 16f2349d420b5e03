// Issue 25: credit notes for what the shop buys. A sale paid out gets its credit note (self-billing,
// "Gutschrift") in the payout's transaction: its own GS- sequence per company and year, the assay per line
// (estimated and final fine weight, fineness, price per gram, amount), the account paid to masked, the legal
// self-billing wording of the shop's country; a business seller's VAT ID and the VAT treatment of what it sold.
// Never issued twice. The PDF is read with poppler's pdftotext, not with the library that wrote it.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart } from '../orders/helpers.ts';
import { finance, scrapSale, warehouse } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from './helpers.ts';

const h = await commerceHarness(t);
const IBAN = 'DE89370400440532013000';
/** the page's text with every run of white space as one blank (long notes wrap) */
const flat = (pdf: Uint8Array) => pdfText(pdf).replace(/\s+/g, ' ');

async function assayAndPayOut(ctx: Parameters<typeof life.recordAssay>[0], o: Order, finalMg: (i: number) => number, account: { iban?: string; accountNumber?: string }) {
  const wh = warehouse();
  const fin = finance();
  await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
  const assayed = await life.recordAssay(ctx, o.id, { lines: o.lineItems.map((l, i) => ({ lineId: l.id, finalFineWeightMg: finalMg(i) })) }, wh.actor, wh.roles);
  const due = assayed.assay!.final.centAmount;
  await life.recordPayout(ctx, o.id, { ...account, centAmount: due, valueDate: '2026-11-24' }, fin.actor, fin.roles);
  return { due, fin };
}

t.test('DE, a private seller\'s scrap gold: after the assay and payout a Gutschrift GS-DE-… with the assay, the masked IBAN and § 14 UStG; never twice; the next sale takes the next number', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await scrapSale(c, [{ metal: 'gold', fineness: 750, weightGrams: 10 }]);
  t.same(await docsOf(h.db, o.id), [], 'nothing before the payout');
  const { due, fin } = await assayAndPayOut(ctx, o, () => 7251, { iban: IBAN });

  const docs = await docsOf(h.db, o.id);
  t.equal(docs.length, 1);
  const gs = docs[0];
  t.match(gs, { kind: 'credit_note', company_key: 'DE', year: 2026 });
  t.match(gs.number, /^GS-DE-2026-\d{6}$/, 'its own GS sequence');
  t.equal(gs.sha256, sha256(gs.pdf), 'stored with its SHA-256');
  const [{ total }] = await h.db.query<{ total: number }>('select total_gross_cents::float8 as total from documents where id = $1', [gs.id]);
  t.equal(total, due, 'its total is the amount paid out');

  const text = flat(gs.pdf);
  for (const s of [
    `Gutschrift ${gs.number}`, 'Verkäufer (Leistender)', 'Anna Muster', 'Käufer und Aussteller der Gutschrift',
    'Gutschrift im Sinne von § 14 Abs. 2 Satz 2 und Abs. 4 Satz 1 Nr. 10 UStG', 'Der Verkäufer ist Privatperson',
    'Feingewicht', 'geschätzt', 'geprüft', 'Altgold 750/1000, 10 g 750 7,5 g 7,251 g',
    'Datum des Ankaufs: 22/11/2026', 'Datum der Prüfung: 22/11/2026', 'Ausstellungsdatum: 22/11/2026', `Auftragsnummer: ${o.orderNumber}`,
    'per Überweisung auf das Konto DE89 **** **** **** *130 00',
  ]) t.ok(text.includes(s), s);
  const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(due / 100).replace(/\s/g, ' ');
  t.ok(text.includes(`Auszahlungsbetrag ${money}`), `the amount paid out, ${money}`);
  const perGram = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(Math.round((o.totalGrossPrice.centAmount * 1000) / 7500) / 100).replace(/\s/g, ' ');
  t.ok(text.includes(perGram), `the locked price per fine gram, ${perGram}`);
  t.notOk(text.includes('0532013000'), 'the full IBAN is not printed');
  t.notOk(/Umsatzsteuer \d/.test(text), 'a private seller: no VAT');

  const [entry] = await h.db.query<{ actor_id: string; details: Record<string, unknown> }>(
    `select actor_id, details from order_audit where order_id = $1 and action = 'credit_note_issued'`, [o.id]);
  t.match(entry, { actor_id: fin.actor.id, details: { number: gs.number, sha256: gs.sha256, kind: 'credit_note' } }, 'audited with who paid out, number and hash');

  // the payout recorded again (a double click, a second colleague): refused, no second credit note
  t.match(await life.recordPayout(ctx, o.id, { iban: IBAN, centAmount: due, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e), { statusCode: 409, code: 'invalid_transition' });
  t.equal((await docsOf(h.db, o.id)).length, 1, 'one credit note');
  // and asked of the service itself (a retried step inside its transaction): it answers none
  const issuedAgain = await h.db.transaction(async (tx) => {
    const { issueCreditNote } = await import('../../src/commerce/documents/index.ts');
    const [row] = await tx.query<Parameters<typeof issueCreditNote>[2]>('select * from orders where id = $1', [o.id]);
    return issueCreditNote(ctx, tx, row, { assay: null, assayedAt: null, payout: { amountCents: due, method: 'bank-transfer', account: null, valueDate: '2026-11-24' } }, new Date(api.clock()));
  });
  t.equal(issuedAgain, null, 'the service issues none the second time');

  // the seller sees it on the order and downloads the stored bytes
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.same(mine.documents?.map((d) => [d.kind, d.number]), [['credit_note', gs.number]]);
  const res = await c.call('GET', mine.documents![0].url);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'application/pdf');
  t.equal(sha256(res.rawPayload), gs.sha256, 'the download is the stored document');

  // gapless: the next German sale paid out takes the next number of the GS sequence
  const next = await scrapSale(await customer(api, 'de'), [{ metal: 'silver', fineness: 925, weightGrams: 100 }]);
  await assayAndPayOut(ctx, next, () => 92_500, { iban: IBAN });
  const [gs2] = await docsOf(h.db, next.id);
  t.equal(gs2.number, `GS-DE-2026-${String(gs.seq + 1).padStart(6, '0')}`, 'the next number, no gap');
});

t.test('AT, a business seller in English: its UID, the investment gold exemption and the margin scheme of § 6 and § 24 UStG 1994, the reverse charge for scrap gold', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'at', { accountType: 'company', companyName: 'Muster Handels GmbH', vatId: 'ATU13585627' });
  const cart = await readyCart(c, { type: 'sell', lines: [{ sku: 'AU-PHIL-1OZ', quantity: 2 }, { sku: 'AG-PHIL-1OZ', quantity: 1 }] });
  await ok(c.call('POST', `/carts/${cart.id}/scrap-items`, { metal: 'gold', fineness: 585, weightGrams: 20 }));
  await ok(c.call('PUT', `/carts/${cart.id}/addresses`, { billingAddress: { ...addressOf.at, company: 'Muster Handels GmbH' }, shippingAddress: addressOf.at, email: 'anna.muster@example.ch' }));
  await ok(c.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Muster Handels GmbH', iban: 'AT611904300234573201', bic: 'BKAUATWWXXX' }));
  await ok(c.call('PUT', `/carts/${cart.id}`, { locale: 'en-GB' }));
  const placed = await placeOrder(c, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const o = placed.json() as Order;
  // every line as estimated (2 x 31.103 g, 31.103 g, 20 g x 585/1000)
  const est = [62_206, 31_103, 11_700];
  await assayAndPayOut(ctx, o, (i) => est[i], { iban: 'AT611904300234573201' });
  const [gs] = await docsOf(h.db, o.id);
  t.match(gs?.number, /^GS-AT-2026-\d{6}$/, 'the Austrian company\'s GS sequence');
  const text = flat(gs.pdf);
  for (const s of [
    `Credit note ${gs.number}`, 'Muster Handels GmbH', 'Seller\'s VAT ID: ATU13585627', 'Aurum Edelmetalle GmbH', 'VAT no. ATU68392713',
    'Self-billing credit note ("Gutschrift") under § 11 Abs. 7 und 8 UStG 1994',
    'VAT-exempt supply of investment gold under § 6 Abs. 1 Z 8 lit. j UStG 1994.',
    'under § 24 UStG 1994',
    'Reverse charge (gold material) under § 19 Abs. 1d UStG 1994',
    'AT61 **** **** ***7 3201', 'Scrap gold 585/1000, 20 g (3) 585 11.7 g 11.7 g',
  ]) t.ok(text.includes(s), s);
  t.notOk(text.includes('private individual'), 'a business seller is not called private');
});

t.test('US: a sale paid to an account number; the credit note shows its last four digits, no VAT law', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const us = await customer(api, 'us');
  const cart = await readyCart(us, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }] });
  await ok(us.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', accountNumber: '000123456789', routingNumber: '021000021' }));
  await ok(us.call('PUT', `/carts/${cart.id}`, { locale: 'en-US' }));
  const placed = await placeOrder(us, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const o = placed.json() as Order;
  await assayAndPayOut(ctx, o, () => 31_103, { accountNumber: '000123456789' });
  const [gs] = await docsOf(h.db, o.id);
  t.match(gs.number, /^GS-US-2026-\d{6}$/);
  const text = flat(gs.pdf);
  t.ok(text.includes(`Credit note ${gs.number}`));
  t.ok(text.includes('by transfer to account ****6789'), 'the account masked to its last four digits');
  t.notOk(text.includes('000123456789'));
  t.notOk(text.includes('Gutschrift'), 'no self-billing statute outside the VAT countries');
  t.notOk(text.includes('VAT'), 'and no word of VAT');
});

t.test('CH, a coin sold for cash at the counter: the Swiss company\'s GS-CH-… with Art. 3 Bst. k and 26 MWSTG, paid in cash (no account)', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const cart = await readyCart(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'zuerich' });
  const placed = await placeOrder(c, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const o = placed.json() as Order;
  await assayAndPayOut(ctx, o, () => 31_103, {});
  const [gs] = await docsOf(h.db, o.id);
  t.match(gs.number, /^GS-CH-2026-\d{6}$/, 'the Swiss company\'s sequence');
  const text = flat(gs.pdf);
  for (const s of [
    `Gutschrift ${gs.number}`, 'Gutschrift im Sinne von Art. 3 Bst. k und Art. 26 MWSTG', 'Bar ausgezahlt am 24/11/2026.',
    'Der Verkäufer ist Privatperson', 'Krügerrand',
  ]) t.ok(text.includes(s), s);
  t.notOk(text.includes('Konto'), 'no account for a cash payout');
  t.notOk(text.includes('ß'), 'Swiss German: ss');
});
