// Issue 24, the back office on the same footing as the storefront: one typed function per /ops call (the
// client builds the path), and the order page after a step built once (commerce answers the step with the
// order's detail; the back office shows that answer after its redirect instead of asking commerce again).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { opsClient } from '../../src/backoffice/ops-client.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

/** A loopback HTTP server in front of `target` that forwards every request and notes "METHOD /path". */
async function recorder(t: Test, target?: string) {
  const seen: string[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (!target) {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)).map(([k, v]) => [k, String(v)]));
    const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.statusCode = answer.status;
    res.setHeader('content-type', answer.headers.get('content-type') ?? 'application/json');
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

t.test('the page after a step is built once: commerce answers the step, the page shows that answer and does not ask again', async (t) => {
  const { api } = await openShop(h, t);
  let rec: Awaited<ReturnType<typeof recorder>> | undefined;
  const { signedIn } = await backofficeOver(t, api, { commerceUrl: async (url) => (rec = await recorder(t, url)).url });
  const o = await order(await customer(api, 'ch'));
  const fin = await signedIn('finance@ops.example');
  // the order's detail itself (the page's side reads, notes, customer card and mails, are other calls)
  const detailCalls = () => rec!.seen.filter((s) => s === `GET /ops/orders/${o.id}` || s.startsWith(`GET /ops/orders/${o.id}?`));

  const before = await fin.get(`/orders/${o.id}`);
  t.equal(before.statusCode, 200);
  t.equal(detailCalls().length, 1, 'opening the order asks commerce for it once');

  const paid = await fin.post(`/orders/${o.id}/payment`, { amount: (o.totalGrossPrice.centAmount / 100).toFixed(2), currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23' });
  t.equal(paid.statusCode, 303, 'Post/Redirect/Get: a reload of the page never records the payment again');
  t.ok(rec!.seen.some((s) => s.startsWith(`POST /ops/orders/${o.id}/payments?languageTag=en`)), 'the step asks for its answer in the operator\'s language');
  const after = await fin.get(paid.headers.location as string);
  t.equal(after.statusCode, 200);
  t.match(textOf(after.body), 'The payment is recorded.');
  t.match(textOf(after.body), /Confirmed\s+Paid/, 'the page is the order after the step');
  t.match(textOf(after.body), 'by finance@ops.example', 'with the step on its timeline');
  t.equal(detailCalls().length, 1, 'the page after the step is the step\'s answer: commerce is not asked for the order again');

  // the answer is shown once: a reload asks commerce (and shows the same order)
  const reload = await fin.get(paid.headers.location as string);
  t.match(textOf(reload.body), /Confirmed\s+Paid/);
  t.equal(detailCalls().length, 2, 'a reload asks commerce');

  // the answer kept for one session is not shown to another: the warehouse's next step, its link opened by admin
  const wh = await signedIn('warehouse@ops.example');
  const shipped = await wh.post(`/orders/${o.id}/shipment`, { carrier: 'DHL', trackingNumber: '00340434161234567890' });
  t.equal(shipped.statusCode, 303);
  const admin = await signedIn('admin@ops.example');
  const asAdmin = await admin.get(shipped.headers.location as string);
  t.equal(asAdmin.statusCode, 200);
  t.equal(detailCalls().length, 3, 'another session\'s link asks commerce, with that operator\'s rights');
});

t.test('the page after a step is in the operator\'s language, as the order page is', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const o = await order(await customer(api, 'ch'));
  const fin = await signedIn('finance@ops.example');
  const de = { 'accept-language': 'de-CH' };
  const page = await fin.get(`/orders/${o.id}`, de);
  const itemsDe = [...page.body.matchAll(/<tr><td>([^<]+)<\/td><td class="num">\d+<\/td>/g)].map((m) => m[1]);
  t.ok(itemsDe.length > 0, 'the order page lists its lines');
  const itemsEn = [...(await fin.get(`/orders/${o.id}`)).body.matchAll(/<tr><td>([^<]+)<\/td><td class="num">\d+<\/td>/g)].map((m) => m[1]);
  t.notSame(itemsEn, itemsDe, 'the lines have names of their own in each language');
  const paid = await fin.post(`/orders/${o.id}/payment`, { amount: (o.totalGrossPrice.centAmount / 100).toFixed(2), currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23' }, { headers: de });
  const after = await fin.get(paid.headers.location as string, de);
  t.match(textOf(after.body), 'Die Zahlung ist erfasst.');
  t.same([...after.body.matchAll(/<tr><td>([^<]+)<\/td><td class="num">\d+<\/td>/g)].map((m) => m[1]), itemsDe, 'the lines are named as on the German order page');
});

t.test('one typed function per /ops call: the client builds each path, an id is one path segment', async (t) => {
  const rec = await recorder(t);
  const ops = opsClient(rec.url);
  await ops.me('op_x');
  await ops.orders('op_x', { queue: 'to_pay', limit: 25, offset: 0 });
  await ops.order('op_x', '11111111-1111-4111-8111-111111111111', { languageTag: 'de' });
  await ops.step('op_x', '11111111-1111-4111-8111-111111111111', { action: 'goods-received', body: { note: 'ok' } }, { languageTag: 'en' });
  await ops.step('op_x', 'a/../b?x', { action: 'payment', body: { centAmount: 100, currency: 'CHF', reference: 'R', valueDate: '2026-11-23' } }, {});
  await ops.statementImport('op_x', 'job-1', { offset: 200, limit: 200 });
  await ops.case('op_x', 'WB-2026/1');
  await ops.updateOperator('op_x', 'id-1', { roles: ['support'] });
  t.same(rec.seen, [
    'GET /ops/me',
    'GET /ops/orders?queue=to_pay&limit=25&offset=0',
    'GET /ops/orders/11111111-1111-4111-8111-111111111111?languageTag=de',
    'POST /ops/orders/11111111-1111-4111-8111-111111111111/goods-received?languageTag=en',
    'POST /ops/orders/a%2F..%2Fb%3Fx/payments',
    'GET /ops/bank-statement-imports/job-1?offset=200&limit=200',
    'GET /ops/whistleblower/WB-2026%2F1',
    'PUT /ops/operators/id-1',
  ]);
});
