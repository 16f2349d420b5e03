// The pushed prices (src/contracts/price-upstream.ts): the price service sends the new prices to the hub
// while commerce stores them; the hub builds the browsers' frames at once but no browser sees those prices
// before commerce confirmed them (the price service's Finished). A hub that missed the push fetches over
// HTTP; a set commerce refuses never reaches a browser. Waits are bounded by messages (30 s: the machine may
// be busy), not by speed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { WebSocketServer, type WebSocket } from 'ws';
import { recalculationPrepared } from '../../src/pricing/messages.ts';
import type { PricesFinishedMessage, StoreMetalPricesResponse } from '../../src/contracts/price-stream.ts';
import type { PriceHubHealth } from '../../src/storefront/price-hub/hub.ts';
import { browserSocket, eventually, startPricing, startStorefront, type RunningStorefront } from './helpers.ts';

/** A commerce stand-in: each hand-over waits until the test opens the gate (or refuses it). */
function commerceGate() {
  let open: (() => void) | null = null;
  let refuse: ((e: Error) => void) | null = null;
  const received: string[] = [];
  return {
    received,
    handOver: (book: { lastRecalculatedAt: string }) => new Promise<void>((resolve, reject) => {
      received.push(book.lastRecalculatedAt);
      open = resolve;
      refuse = reject;
    }),
    confirm: () => open?.(),
    refuse: () => refuse?.(Object.assign(new Error('commerce down'), { code: 'price_handover_unreachable' })),
  };
}

/** A price service whose first set commerce confirmed, a storefront on it and one browser that has those
 * prices. */
async function confirmedShop(t: Test, commerce: ReturnType<typeof commerceGate>, opts: { recalcRetryMs?: number; startedGraceMs?: number } = {}) {
  const { startedGraceMs, ...pricingOpts } = opts;
  const pricing = await startPricing({ autoStart: false, handOver: commerce.handOver, ...pricingOpts });
  t.teardown(() => pricing.close());
  const first = pricing.app.pricing.recalculator.recalculateNow();
  await eventually(t, 'the first hand-over', () => commerce.received.length === 1);
  commerce.confirm();
  await first;
  const sf = await startStorefront(pricing.url, startedGraceMs === undefined ? {} : { startedGraceMs });
  t.teardown(() => sf.close());
  const browser = await browserSocket(sf.port);
  t.teardown(() => browser.close());
  const hello = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  return { pricing, sf, browser, hello };
}

const hubHealth = async (sf: RunningStorefront) => JSON.parse((await sf.get('ch.localhost', '/health')).text).priceHub as PriceHubHealth;
const hubMetals = async (sf: RunningStorefront) => JSON.parse((await sf.get('ch.localhost', '/api/prices/metals')).text) as StoreMetalPricesResponse;

t.test('pushed prices are built while commerce stores them and reach browsers only once commerce confirmed', async (t) => {
  const commerce = commerceGate();
  const { pricing, sf, browser, hello } = await confirmedShop(t, commerce);
  t.equal((await hubHealth(sf)).lastRefresh?.source, 'pushed', 'the greeting brought the prices: no HTTP round trip');

  const second = pricing.app.pricing.recalculator.recalculateNow();
  await browser.next('RecalculationProcessStarted');
  await eventually(t, 'the hub built the pushed prices', async () => (await hubHealth(sf)).prepared?.built === true);
  const waiting = (await hubHealth(sf)).prepared!.lastRecalculatedAt;
  t.equal(commerce.received.at(-1), waiting, 'commerce is storing the set the hub holds');
  t.ok(Date.parse(waiting) > Date.parse(hello.lastRecalculatedAt));
  t.notOk(browser.messages.some((m) => m.type === 'RecalculationProcessFinished' && m.lastRecalculatedAt === waiting), 'no browser has the unconfirmed prices');
  t.equal((await hubMetals(sf)).lastRecalculatedAt, hello.lastRecalculatedAt, 'nor does the HTTP API answer them');

  commerce.confirm();
  await second;
  const finished = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(finished.lastRecalculatedAt, waiting, 'confirmed: the browsers hear the new prices');
  const health = await hubHealth(sf);
  t.equal(health.lastRefresh?.source, 'pushed', 'made current from the push');
  t.equal(health.prepared, null);
  t.equal((await hubMetals(sf)).lastRecalculatedAt, waiting);
  const products = JSON.parse((await sf.get('ch.localhost', '/api/prices/products')).text);
  const upstream = await (await fetch(`${pricing.url}/api/prices/products?country=CH&currency=CHF`)).json();
  t.same(products, upstream, 'the list equals the price service\'s answer');
});

// Issue 27 (fan-out): browsers hear Started only when the recalculation outlasts the hub's grace
// (priceTiming.startedGraceMs, 250 ms; set per test here, so that commerce's gate, not the machine's speed, decides
// which side of it the Finished falls on).
t.test('a recalculation that ends within the grace reaches browsers as its Finished alone: no Started, no cleared prices', async (t) => {
  const commerce = commerceGate();
  const { pricing, sf, browser, hello } = await confirmedShop(t, commerce, { startedGraceMs: 60_000 });
  const second = pricing.app.pricing.recalculator.recalculateNow();
  await eventually(t, 'the hub built the pushed prices', async () => (await hubHealth(sf)).prepared?.built === true);
  t.equal((await hubHealth(sf)).phase, 'recalculating', 'the hub knows a recalculation runs');
  // a browser that comes now is greeted with the prices the others still show, not with "refreshing"
  const late = await browserSocket(sf.port);
  t.teardown(() => late.close());
  const greeting = (await late.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(greeting.lastRecalculatedAt, hello.lastRecalculatedAt, 'the new browser gets the current prices');
  commerce.confirm();
  await second;
  const finished = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.ok(Date.parse(finished.lastRecalculatedAt) > Date.parse(hello.lastRecalculatedAt), 'the new prices arrive');
  await late.next('RecalculationProcessFinished', 30_000);
  t.same(browser.messages.map((m) => m.type), ['RecalculationProcessFinished', 'RecalculationProcessFinished'], 'the first browser heard the greeting and the new prices, nothing between');
  t.same(late.messages.map((m) => m.type), ['RecalculationProcessFinished', 'RecalculationProcessFinished'], 'so did the late one');
});

t.test('a recalculation that outlasts the grace is announced: Started after the grace, then Finished', async (t) => {
  const commerce = commerceGate();
  const { pricing, sf, browser } = await confirmedShop(t, commerce, { startedGraceMs: 50 });
  const second = pricing.app.pricing.recalculator.recalculateNow();
  // commerce holds the set: the recalculation runs past the grace
  await browser.next('RecalculationProcessStarted', 30_000);
  const late = await browserSocket(sf.port);
  t.teardown(() => late.close());
  await late.next('RecalculationProcessStarted', 30_000);
  t.equal(late.messages[0].type, 'RecalculationProcessStarted', 'a browser that comes now hears "refreshing" first');
  commerce.confirm();
  await second;
  await browser.next('RecalculationProcessFinished', 30_000);
  t.same(browser.messages.map((m) => m.type), ['RecalculationProcessFinished', 'RecalculationProcessStarted', 'RecalculationProcessFinished']);
});

t.test('a set commerce refuses never reaches a browser; the retry commerce takes does', async (t) => {
  const commerce = commerceGate();
  const { pricing, sf, browser, hello } = await confirmedShop(t, commerce, { recalcRetryMs: 200 });

  const second = pricing.app.pricing.recalculator.recalculateNow();
  await eventually(t, 'the hub built the pushed prices', async () => (await hubHealth(sf)).prepared?.built === true);
  const refused = (await hubHealth(sf)).prepared!.lastRecalculatedAt;
  commerce.refuse();
  t.equal((await second).ok, false);
  const after = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(after.lastRecalculatedAt, hello.lastRecalculatedAt, 'browsers leave "refreshing" with the prices commerce holds');
  t.equal((await hubMetals(sf)).lastRecalculatedAt, hello.lastRecalculatedAt);

  // the background retry reaches commerce, which takes it now
  await eventually(t, 'the retry', () => commerce.received.length === 3);
  commerce.confirm();
  const late = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(late.lastRecalculatedAt, refused, 'the set commerce confirmed later is announced');
  t.equal((await hubMetals(sf)).lastRecalculatedAt, refused);
});

t.test('a hub that missed the push (connected during the hand-over) fetches the confirmed prices over HTTP', async (t) => {
  const commerce = commerceGate();
  const pricing = await startPricing({ autoStart: false, handOver: commerce.handOver });
  t.teardown(() => pricing.close());
  const first = pricing.app.pricing.recalculator.recalculateNow();
  await eventually(t, 'the first hand-over', () => commerce.received.length === 1);
  commerce.confirm();
  await first;
  const second = pricing.app.pricing.recalculator.recalculateNow();
  await eventually(t, 'the second hand-over', () => commerce.received.length === 2);
  // the hub connects now: it hears Started, not the prices pushed before it came
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());
  await eventually(t, 'the hub is connected', async () => (await hubHealth(sf)).upstream.state === 'open');
  t.equal((await hubHealth(sf)).phase, 'recalculating');
  const browser = await browserSocket(sf.port);
  t.teardown(() => browser.close());
  await browser.next('RecalculationProcessStarted');
  commerce.confirm();
  await second;
  const finished = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(finished.lastRecalculatedAt, commerce.received[1], 'the confirmed set, fetched');
  t.equal((await hubHealth(sf)).lastRefresh?.source, 'fetched');
});

t.test('pushed prices that break the contract are not shown; the hub fetches the confirmed ones instead', async (t) => {
  const pricing = await startPricing({ autoStart: false });
  t.teardown(() => pricing.close());
  await pricing.app.pricing.recalculator.recalculateNow();
  // a price service stand-in: HTTP answered by the real one, the socket scripted by the test
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((req, res) => {
    void fetch(`${pricing.url}${req.url}`).then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()));
  });
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => { for (const c of wss.clients) c.terminate(); server.close(r); }));
  const upstream = new Promise<WebSocket>((r) => wss.once('connection', r));
  const sf = await startStorefront(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  t.teardown(() => sf.close());
  const ws = await upstream;
  const send = (m: unknown) => new Promise<void>((r, reject) => ws.send(JSON.stringify(m), (e) => (e ? reject(e) : r())));

  const at = pricing.app.pricing.recalculator.book()!.lastRecalculatedAt;
  const good = recalculationPrepared(pricing.app.pricing.recalculator.book()!, Date.parse(at) + 180_000, Date.now());
  const bad = structuredClone(good);
  bad.lists.find((l) => l.country === 'CH' && l.currency === 'CHF')!.products[0].prices[0].centAmount = -5;
  await send({ type: 'RecalculationProcessStarted' });
  await send(bad);
  await eventually(t, 'the hub tried to build the push', async () => (await hubHealth(sf)).prepared?.built === false || (await hubHealth(sf)).prepared === null);
  const browser = await browserSocket(sf.port);
  t.teardown(() => browser.close());
  await browser.next('RecalculationProcessStarted');
  await send({ type: 'RecalculationProcessFinished', lastRecalculatedAt: at, nextRecalculationAt: good.nextRecalculationAt });
  const finished = (await browser.next('RecalculationProcessFinished', 30_000)) as PricesFinishedMessage;
  t.equal(finished.lastRecalculatedAt, at);
  t.equal((await hubHealth(sf)).lastRefresh?.source, 'fetched', 'the refused push was replaced by the HTTP answers');
  const products = JSON.parse((await sf.get('ch.localhost', '/api/prices/products')).text);
  t.ok(products.products[0].prices[0].centAmount > 0, 'the broken amount is nowhere');
});
