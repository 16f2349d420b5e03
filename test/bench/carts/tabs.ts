// The carts benchmark's open tabs (issue 16): N shoppers with a cart, each with its own cookies and its own
// price socket, in a process of their own. After the price service's RecalculationProcessFinished each tab
// sends exactly what the browser's code would send:
//   old: the former client (cart-store recalculateAll before issue 16): POST /api/carts/{id}/recalculate for
//        each cart with lines, at once;
//   new: what views/state/cart-prices.ts afterPriceUpdate decides (the same function the browser runs): a
//        read of the carts (GET /api/carts?prices=current) after a random delay within the spread.
// Each request's send time is recorded; the parent counts them per second.
import { Agent } from 'undici';
import { WebSocket } from 'ws';
import { afterPriceUpdate } from '../../../views/state/cart-prices.ts';
import { apiRoutes } from '../../../src/contracts/shop-api-routes.ts';
import { serve, wallNow } from '../fanout/ipc.ts';
import { ShopBrowser } from '../shop-browser.ts';

let port = 0;
let host = '';
let agent: Agent;

class Tab extends ShopBrowser {
  cartId = '';
  ws: WebSocket | null = null;
  armed = false;

  /** For setting up and counting (not the measured requests): a loaded machine sheds load (503 overloaded,
   * retry after), and the call is tried again after the time it names, as a person would. */
  async patiently(method: 'GET' | 'POST', path: string, body?: unknown) {
    let r = await this.call(method, path, body);
    for (let i = 0; i < 20 && r.status === 503; i++) {
      await new Promise((ok) => setTimeout(ok, (r.json?.details?.retryAfter ?? 1) * 1000));
      r = await this.call(method, path, body);
    }
    return r;
  }
}

let tabs: Tab[] = [];
let mode: 'old' | 'new' = 'new';
let sent: number[] = [];
let took: number[] = [];
let failures = 0;
/** of the failures: shed by the storefront (503 overloaded) */
let shed = 0;
let pending = 0;
let waiter: (() => void) | null = null;

function finished() {
  pending--;
  if (pending === 0 && waiter) waiter();
}

/** A request of a tab after the tick: its send time recorded, a failure counted. */
async function send(tab: Tab, method: 'GET' | 'POST', path: string): Promise<void> {
  const at = wallNow();
  sent.push(at);
  try {
    const r = await tab.call(method, path);
    if (r.status !== 200) {
      failures++;
      if (r.status === 503) shed++;
    }
  } catch {
    failures++;
  }
  took.push(wallNow() - at);
}

async function onTick(tab: Tab): Promise<void> {
  if (mode === 'old') {
    // the former recalculateAll: every cart with lines, one after the other, at once
    await send(tab, 'POST', apiRoutes.recalculateCart.path.replace(':cartId', tab.cartId));
    return;
  }
  // an open shop page (not the cart or checkout page), visible (the worst case), one cart with a line
  const plan = afterPriceUpdate({ visible: true, holdsPrices: false, cartsWithLines: 1 }, Math.random);
  if (!plan.read) return;
  await new Promise((r) => setTimeout(r, plan.delayMs));
  await send(tab, plan.method as 'GET', `${plan.path}?${new URLSearchParams(plan.query)}`);
}

function listen(tab: Tab): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/prices`, { headers: { host, origin: `http://${host}` }, perMessageDeflate: false });
    ws.on('message', (data: Buffer) => {
      if (!tab.armed) return;
      let type: unknown;
      try {
        type = (JSON.parse(data.toString()) as { type?: unknown }).type;
      } catch {
        return;
      }
      if (type !== 'RecalculationProcessFinished') return;
      tab.armed = false;
      void onTick(tab).finally(finished);
    });
    ws.once('open', () => resolve());
    ws.once('error', reject);
    tab.ws = ws;
  });
}

async function pool<T>(items: T[], width: number, fn: (x: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
}

serve({
  /** n tabs: a session and a cart with one line each, made through the storefront's API; a price socket each */
  async setup(req) {
    port = req.port as number;
    host = `ch.localhost:${port}`;
    agent = new Agent({ connections: 64, pipelining: 1 });
    tabs = Array.from({ length: req.n as number }, () => new Tab(port, agent));
    await pool(tabs, 4, async (tab) => {
      await tab.patiently('GET', '/api/session');
      const r = await tab.patiently('POST', apiRoutes.addToCart.path, { transactionType: 'buy', sku: req.sku, quantity: 1 });
      if (r.status !== 200) throw new Error(`add to cart: ${r.status} ${JSON.stringify(r.json)}`);
      tab.cartId = r.json.cart.id;
    });
    await pool(tabs, 32, listen);
    return tabs.length;
  },
  arm(req) {
    mode = req.mode as 'old' | 'new';
    sent = [];
    took = [];
    failures = 0;
    shed = 0;
    pending = tabs.length;
    for (const tab of tabs) tab.armed = true;
    return true;
  },
  /** the send times once every tab has acted (or the timeout passed) */
  async collect(req) {
    if (pending > 0) {
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, req.timeoutMs as number);
      });
      waiter = null;
    }
    return { sent, took, failures, shed, notDone: pending };
  },
  /** the sum of the carts' versions as stored (prices=held: a read that shows and stores nothing new) */
  async versions() {
    let sum = 0;
    await pool(tabs, 4, async (tab) => {
      const r = await tab.patiently('GET', `${apiRoutes.carts.path}?prices=held`);
      if (r.status !== 200) throw new Error(`carts: ${r.status}`);
      for (const c of r.json.carts as { version: number }[]) sum += c.version;
    });
    return sum;
  },
  stop() {
    for (const tab of tabs) tab.ws?.terminate();
    setTimeout(() => process.exit(0), 50);
    return true;
  },
});
process.send?.({ ready: true });
