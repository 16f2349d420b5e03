// A closing part's server (src/lib/drain.ts, issue 27) on a plain service from createService: a connection
// that never sent a byte and a kept-alive idle one no longer hold the close; a request in flight finishes
// and is answered; one that outlives the part's connection budget is cut so the close returns.
import t from 'tap';
import { connect, type Socket } from 'node:net';
import { createService } from '../../src/lib/service.ts';
import { drainConnections } from '../../src/lib/drain.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const port = 4176;

async function open(): Promise<Socket> {
  const s = connect(port, '127.0.0.1');
  s.on('error', () => {});
  await new Promise((r) => s.once('connect', r));
  return s;
}
const closed = (s: Socket) => new Promise<void>((r) => (s.closed ? r() : s.once('close', () => r())));

t.test('close with idle connections and a request in flight: the idle ones are closed at once, the request is answered', async (t) => {
  const app = createService({ name: 'content', logger: false });
  app.get('/slow', async () => {
    await sleep(400);
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port });
  const fresh = await open();
  const kept = await open();
  kept.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((r) => kept.once('data', r));
  const busy = await open();
  let answer = '';
  busy.on('data', (d) => (answer += d));
  busy.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
  await sleep(50);

  const started = Date.now();
  await app.close();
  const ms = Date.now() - started;
  t.ok(ms < 1_500, `closed in ${ms} ms (Fastify keeps an idle connection 72 s)`);
  t.ok(ms >= 300, 'it waited for the request in flight');
  await Promise.all([closed(fresh), closed(kept), closed(busy)]);
  t.pass('every connection is closed');
  t.match(answer, /^HTTP\/1\.1 200 [\s\S]*\{"done":true\}/, 'the request in flight was answered before its connection closed');
});

t.test('a request that outlives the connection budget is cut, so the close returns', async (t) => {
  const app = createService({ name: 'content', logger: false });
  app.get('/endless', () => new Promise(() => {}));
  // the budget createService takes from SHOP_STOP_BUDGET_MS is 15 s here; a second drain with 300 ms
  const drain = drainConnections(app.server, 300);
  app.addHook('preClose', async () => drain.begin());
  await app.listen({ host: '127.0.0.1', port });
  const stuck = await open();
  stuck.write('GET /endless HTTP/1.1\r\nHost: x\r\n\r\n');
  await sleep(50);
  const started = Date.now();
  await app.close();
  const ms = Date.now() - started;
  t.ok(ms >= 250 && ms < 2_000, `the close returned after ${ms} ms, at the budget`);
  await closed(stuck);
});
