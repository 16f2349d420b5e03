// A storefront worker restarted beside serving workers (SHOP_WAIT_FOR_PRICES, src/storefront/main.ts) takes
// connections only once its price hub holds a price set, so the kernel never hands it a visitor whose page
// would say "prices are loading"; a price service that stays away keeps it out for at most the limit.
import t from 'tap';
import { waitForPrices } from '../../src/storefront/main.ts';

const quietLog = { info() {} } as never;

t.test('waits while the hub is starting and goes on as soon as it holds prices', async (t) => {
  let phase: 'starting' | 'ready' = 'starting';
  let readied = false;
  let done = false;
  const waiting = waitForPrices({ ready: (async () => { readied = true; }) as never, log: quietLog }, { phase: () => phase }, 60_000).then(() => (done = true));
  await new Promise((r) => setTimeout(r, 200));
  t.ok(readied, 'the app is made ready first: that starts the hub');
  t.notOk(done, 'no connections while the hub has no prices');
  phase = 'ready';
  await waiting;
  t.ok(done, 'then it listens');
});

t.test('a hub that never gets prices keeps the worker out only until the limit', async (t) => {
  const started = Date.now();
  await waitForPrices({ ready: (async () => {}) as never, log: quietLog }, { phase: () => 'starting' }, 150);
  t.ok(Date.now() - started >= 150, 'it waited the limit, then serves (pages say prices are loading, as at a first start)');
});
