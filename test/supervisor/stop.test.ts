// A stop that is a stop (issue 27): SIGTERM to the shop as `npm start` runs it (the built supervisor and
// every part: content, commerce on PGlite files, prices, back office, storefront) while clients hold
// connections. Every part must exit by itself (the supervisor logs no "killed"), commerce must close its
// database (its "database closed" line, written once PGlite's close() returned), and all within 10 s.
// The shop is the real one (dist/, made by `npm run build`); ports 4160-4169.
import t, { type Test } from 'tap';
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { built, sleep, startShop, type Shop } from './built-shop.ts';

/** A connection that is open and idle: as a load balancer's pre-opened one (no request yet), or a
 * browser's keep-alive connection after its last answer. */
async function idleConnection(port: number, afterRequest: boolean): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((r) => socket.once('connect', r));
  if (afterRequest) {
    socket.write(`GET /health/live HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    await new Promise((r) => socket.once('data', r));
  }
  return socket;
}

function assertCleanStop(t: Test, shop: Shop, result: { code: number | null; ms: number }) {
  t.equal(result.code, 0, 'the supervisor exits 0');
  t.ok(result.ms < 10_000, `the whole shop stopped in ${result.ms} ms (< 10 s)`);
  const killed = shop.lines.filter((l) => /killed/.test(l.msg));
  t.same(killed.map((l) => `${l.child}: ${l.msg}`), [], 'no part had to be killed');
  const stopped = shop.lines.filter((l) => l.msg === 'part stopped');
  t.same(stopped.map((l) => [l.child, l.code, l.signal]).sort(), [['backoffice', 0, null], ['commerce', 0, null], ['content', 0, null], ['prices', 0, null], ['storefront', 0, null]], 'every part exited by itself with code 0');
  t.ok(shop.lines.some((l) => l.part === 'commerce' && l.msg === 'database closed'), 'commerce closed its database (PGlite close() returned)');
}

t.test('SIGTERM with an idle connection to every part: each exits by itself, commerce closes its database, in < 10 s', { skip: built ? false : 'needs `npm run build` first' }, async (t) => {
  const shop = await startShop(t, 4160);
  const held: Socket[] = [];
  // every part's port (PORT .. PORT+4): one fresh connection with no request and one kept alive after an answer
  for (let p = shop.port; p <= shop.port + 4; p++) held.push(await idleConnection(p, false), await idleConnection(p, true));
  t.teardown(() => held.forEach((s) => s.destroy()));
  const result = await shop.stop();
  assertCleanStop(t, shop, result);
});

t.test('SIGTERM with a request in flight and 50 open price sockets: the request is answered, every socket gets a close frame, every part exits by itself', { skip: built ? false : 'needs `npm run build` first' }, async (t) => {
  const shop = await startShop(t, 4165);
  const host = `localhost:${shop.port}`;
  const sockets = await Promise.all(Array.from({ length: 50 }, () => new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${shop.port}/ws/prices`, { headers: { host, origin: `http://${host}` } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  })));
  const closes = sockets.map((ws) => new Promise<number>((r) => ws.once('close', (code) => r(code))));
  t.teardown(() => sockets.forEach((ws) => ws.terminate()));
  // a request in flight: its headers are in, half of its body is (a browser's CSP report on a slow line)
  const body = JSON.stringify({ 'csp-report': { 'document-uri': `http://${host}/en`, 'violated-directive': 'img-src', 'blocked-uri': 'https://example.com/x.png' } });
  const slow = connect(shop.port, '127.0.0.1');
  slow.on('error', () => {});
  await new Promise((r) => slow.once('connect', r));
  let answer = '';
  slow.on('data', (d) => (answer += d));
  const answered = new Promise<void>((r) => slow.once('end', r));
  slow.write(`POST /csp-reports HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/csp-report\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
  await sleep(200);

  const stopping = shop.stop();
  await sleep(300);
  slow.write(body.slice(20));
  const result = await stopping;
  await answered;
  t.match(answer, /^HTTP\/1\.1 204 /, 'the request in flight at the SIGTERM completed (204, the answer to a report)');
  t.same([...new Set(await Promise.all(closes))], [1001], 'all 50 price sockets got a close frame: 1001 going away (browsers reconnect elsewhere)');
  assertCleanStop(t, shop, result);
});
