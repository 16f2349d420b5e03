// Issue 23, the counter-offer: an assay whose total comes out more than 5 % below the estimate makes the
// assayed amount an offer. The seller accepts it (finance pays it out), declines it (the warehouse returns
// the goods, insured at the shop's cost, and the order ends Cancelled) or lets the 14 days pass (the job
// `counter-offer-deadline` counts it accepted). Finance cannot pay out an open or declined offer. Each step
// is audited with who made it, and mailed; the time is the service's fake clock.
import t, { type Test } from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { COUNTER_OFFER_DAYS, COUNTER_OFFER_THRESHOLD } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { counterOfferOf } from '../../src/commerce/lifecycle/steps.ts';
import { commerceHarness, T0 } from '../commerce/helpers.ts';
import { customer, pricesNow, teardownData, type Shopper } from '../orders/helpers.ts';
import { auditActions, finance, mailsTo, scrapSale, warehouse } from './helpers.ts';

const h = await commerceHarness(t);
const DAY = 86_400;
const LONG = { ACCESS_TOKEN_TTL_S: 30 * DAY, REFRESH_TOKEN_TTL_S: 60 * DAY };
const IBAN = 'DE89370400440532013000';

async function shop(t: Test) {
  const api = await h.api(t, { config: LONG });
  await teardownData(t, h.db);
  await pricesNow(api);
  return api;
}

/** A scrap sale of 10 g at 750 (7.5 g fine), received and assayed at `finalMg` fine milligrams. */
async function assayedSale(api: Awaited<ReturnType<typeof shop>>, c: Shopper, finalMg: number) {
  const ctx = api.app.commerce;
  const o = await scrapSale(c, [{ metal: 'gold', fineness: 750, weightGrams: 10 }]);
  const wh = warehouse();
  await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
  const detail = await life.recordAssay(ctx, o.id, { lines: [{ lineId: o.lineItems[0].id, finalFineWeightMg: finalMg }] }, wh.actor, wh.roles);
  return { o, detail };
}

const answer = (c: Shopper, id: string, decision: string) => c.call('POST', `/orders/${id}/counter-offer`, { decision });
const payout = (api: Awaited<ReturnType<typeof shop>>, id: string, cents: number) => {
  const fin = finance();
  return life.recordPayout(api.app.commerce, id, { iban: IBAN, centAmount: cents, valueDate: '2026-11-24' }, fin.actor, fin.roles);
};

t.test('the threshold: up to 5 % below the estimate is paid as assayed; more is an offer open for 14 days', async (t) => {
  t.equal(COUNTER_OFFER_THRESHOLD, 0.05);
  t.equal(COUNTER_OFFER_DAYS, 14);
  const now = new Date(T0);
  t.equal(counterOfferOf(100_000, 95_000, now), null, 'exactly 5 % below: no offer');
  t.equal(counterOfferOf(100_000, 100_500, now), null, 'above the estimate: no offer');
  t.match(counterOfferOf(100_000, 94_999, now), { status: 'open', estimateCents: 100_000, offerCents: 94_999, deadline: new Date(T0 + 14 * DAY * 1000).toISOString() });
});

t.test('an open offer: finance cannot pay out; the seller accepts it, then the accepted amount is paid', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  // 7.0 g of 7.5 g fine: 6.7 % below the estimate
  const { o, detail } = await assayedSale(api, c, 7000);
  const offer = detail.assay!.final.centAmount;
  t.match(detail.summary, { orderState: 'Accepted', paymentState: 'Pending', queues: ['offer_open'] }, 'waits for the customer, not in "to pay out"');
  t.notOk(detail.actions.includes('payout'));
  t.match(detail.order.counterOffer, { status: 'open', offer: { centAmount: offer }, estimate: { centAmount: o.totalGrossPrice.centAmount }, deadline: new Date(api.clock().getTime() + 14 * DAY * 1000).toISOString() });

  t.match(await payout(api, o.id, offer).catch((e) => e), { statusCode: 409, code: 'counter_offer_open', details: { status: 'open' } }, 'finance cannot pay out an open offer');
  const mail = (await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1)!;
  t.match(mail.subject, /ist geprüft/);
  t.match(mail.text, /mehr als 5 % unter der Schätzung/, 'the mail says why it is an offer');
  t.match(mail.text, /bis 06\/12\/2026/, 'and the deadline (14 days after the assay)');
  t.match(mail.text, /versichert und auf unsere Kosten zurück/, 'and that a return is insured at the shop\'s cost');
  t.match(mail.text, new RegExp(`/${o.id}`), 'with the link to the order page');

  // the seller's page: the offer; another customer cannot answer it
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine, { amount: { centAmount: offer }, counterOffer: { status: 'open' } });
  const stranger = await customer(api, 'de');
  t.match((await answer(stranger, o.id, 'accept')).json(), { code: 'order_not_found' });
  t.equal((await answer(stranger, o.id, 'accept')).statusCode, 404, 'another\'s order is not found');
  t.equal((await answer(c, '00000000-0000-4000-8000-000000000000', 'accept')).statusCode, 404);
  t.equal((await answer(c, o.id, 'maybe')).statusCode, 400, 'an unknown answer is refused');
  t.equal(((await c.call('GET', `/orders/${o.id}`)).json() as Order).counterOffer?.status, 'open', 'nothing changed');

  const accepted = await answer(c, o.id, 'accept');
  t.equal(accepted.statusCode, 200, accepted.body);
  t.match(accepted.json(), { counterOffer: { status: 'accepted', decidedAt: api.clock().toISOString() }, amount: { centAmount: offer } });
  t.match(accepted.json().timeline.at(-1), { kind: 'offer_accepted', details: { amount: { centAmount: offer } } });
  t.match((await answer(c, o.id, 'decline')).json(), { code: 'counter_offer_not_open' }, 'answered once');
  t.equal((await answer(c, o.id, 'decline')).statusCode, 409);
  const audit = (await life.listAudit(ctx, { orderId: o.id })).results;
  t.match(audit.find((e) => e.action === 'offer_accepted'), { actor: { type: 'customer', id: c.ownerId } }, 'the audit names the customer');
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /Angebot angenommen/ });

  const after = await life.opsOrderDetail(ctx, o.id, finance().roles);
  t.same(after.summary.queues, ['to_pay_out']);
  t.ok(after.actions.includes('payout'));
  const paid = await payout(api, o.id, offer);
  t.match(paid.summary, { orderState: 'Complete', paymentState: 'Paid', amount: { centAmount: offer } });
  t.same(await auditActions(h.db, o.id), ['placed', 'goods_received', 'assayed', 'offer_accepted', 'paid_out', 'credit_note_issued']);
  // the accepted amount everywhere: the customer's order and list, the payout mail
  const euros = (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
  t.match((await c.call('GET', `/orders/${o.id}`)).json(), { amount: { centAmount: offer }, totalGrossPrice: { centAmount: o.totalGrossPrice.centAmount } });
  t.match((await c.call('GET', '/orders')).json().results.find((x: Order) => x.id === o.id), { amount: { centAmount: offer } });
  const paidMail = (await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1)!;
  t.match(paidMail.text.replace(/\s/g, ' '), euros(offer).replace(/\s/g, ' '), 'the payout mail names the accepted amount');
  t.notMatch(paidMail.text.replace(/\s/g, ' '), euros(o.totalGrossPrice.centAmount).replace(/\s/g, ' '));
});

t.test('a declined offer: nothing is paid out; the warehouse returns the goods and the order ends Cancelled', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const { o, detail } = await assayedSale(api, c, 6800);
  const declined = await answer(c, o.id, 'decline');
  t.equal(declined.statusCode, 200, declined.body);
  t.match(declined.json(), { orderState: 'Accepted', counterOffer: { status: 'declined', returnedAt: null } });
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /zurück/, text: /versichert und auf unsere Kosten/ });

  t.match(await payout(api, o.id, detail.assay!.final.centAmount).catch((e) => e), { statusCode: 409, code: 'counter_offer_open', details: { status: 'declined' } });
  const wh = warehouse();
  const queued = await life.opsOrderDetail(ctx, o.id, wh.roles);
  t.same(queued.summary.queues, ['to_return']);
  t.same(queued.actions, ['goods-returned'], 'the warehouse sends the goods back');
  t.match(await life.recordGoodsReturned(ctx, o.id, {}, finance().actor, finance().roles).catch((e) => e), { statusCode: 403 }, 'finance does not');

  const returned = await life.recordGoodsReturned(ctx, o.id, { trackingNumber: 'RR123456785DE', note: 'insured 2,000 EUR' }, wh.actor, wh.roles);
  t.match(returned.summary, { orderState: 'Cancelled', paymentState: 'Pending', queues: [] });
  t.match(returned.order.counterOffer, { status: 'declined', returnedAt: api.clock().toISOString() });
  t.match(await life.recordGoodsReturned(ctx, o.id, {}, wh.actor, wh.roles).catch((e) => e), { code: 'invalid_transition' }, 'returned once');
  t.same(await auditActions(h.db, o.id), ['placed', 'goods_received', 'assayed', 'offer_declined', 'goods_returned']);
  const entry = (await life.listAudit(ctx, { orderId: o.id })).results.find((e) => e.action === 'goods_returned');
  t.match(entry, { actor: { email: wh.actor.email }, after: { orderState: 'Cancelled' }, details: { trackingNumber: 'RR123456785DE' } });
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine.timeline?.at(-1), { kind: 'goods_returned', details: { trackingNumber: 'RR123456785DE' } });
  t.notMatch(JSON.stringify(mine.timeline), 'insured 2,000', 'the warehouse note stays internal');
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /auf dem Rückweg/, text: /Sendungsnummer: RR123456785DE/ });
});

t.test('an unanswered offer counts as accepted after 14 days (the job, on the service clock); then it is paid out', async (t) => {
  const api = await shop(t);
  const other = await h.api(t, { clock: api.clock, config: LONG });
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const { o, detail } = await assayedSale(api, c, 7000);
  const offer = detail.assay!.final.centAmount;
  const deadline = api.clock().getTime() + 14 * DAY * 1000;
  const run = async () => {
    const [a, b] = await Promise.all([ctx.jobs.get(life.OFFER_JOB)!.run(), other.app.commerce.jobs.get(life.OFFER_JOB)!.run()]);
    return (a as { expired: number }).expired + (b as { expired: number }).expired;
  };

  api.clock.set(deadline - 60_000);
  t.equal(await run(), 0, 'a minute before the deadline nothing happens');
  t.equal(((await c.call('GET', `/orders/${o.id}`)).json() as Order).counterOffer?.status, 'open');
  api.clock.set(deadline);
  t.match((await answer(c, o.id, 'decline')).json(), { code: 'counter_offer_not_open' }, 'at the deadline the seller can no longer decline');
  t.equal(await run(), 1, 'two instances: expired once');
  t.equal(await run(), 0);
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine.counterOffer, { status: 'expired', decidedAt: new Date(deadline).toISOString() });
  t.match(mine.timeline?.at(-1), { kind: 'offer_expired', details: { amount: { centAmount: offer } } });
  const entry = (await life.listAudit(ctx, { orderId: o.id })).results.find((e) => e.action === 'offer_expired');
  t.match(entry, { actor: { type: 'system', id: 'counter-offer-deadline' } }, 'the audit names the job');
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /gilt als angenommen/ });
  const paid = await payout(api, o.id, offer);
  t.match(paid.summary, { orderState: 'Complete', paymentState: 'Paid' });
});

t.test('an assay within 5 % makes no offer: it is paid out at once', async (t) => {
  const api = await shop(t);
  const c = await customer(api, 'de');
  const { o, detail } = await assayedSale(api, c, 7200); // 4 % below
  t.equal(detail.order.counterOffer, null);
  t.same(detail.summary.queues, ['to_pay_out']);
  t.match((await answer(c, o.id, 'accept')).json(), { code: 'counter_offer_not_open' }, 'nothing to answer');
  t.match((await payout(api, o.id, detail.assay!.final.centAmount)).summary, { orderState: 'Complete' });
});
