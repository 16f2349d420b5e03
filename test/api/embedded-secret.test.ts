// Issue 23: `tsx src/main.ts` / startShop with no SERVICE_SECRET configured generates one for its parts, so
// the embedded storefront's forwarded visitor addresses count at the embedded commerce service (and nobody
// else on the machine can name one). Ports 4420-4424 (the shop's PORT..PORT+4).
import t from 'tap';
import { loadConfig } from '../../src/config.ts';
import { startShop } from '../../src/main.ts';
import { processLogger } from '../../src/lib/standalone.ts';
import { uniqueEmail } from '../commerce/helpers.ts';
import { ensureClientBuild } from '../storefront/harness.ts';

const PORT = 4420;

t.test('the embedded storefront and commerce share a generated secret: visitors\' addresses count, loopback claims do not', async (t) => {
  const config = loadConfig({ PORT: String(PORT), DATABASE_URL: 'memory', NODE_ENV: 'test', LOG_LEVEL: 'silent', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', TRUST_PROXY: 'on', RATE_LIMITS: 'on' });
  t.equal(config.SERVICE_SECRET, '', 'nothing configured');
  await ensureClientBuild();
  const shop = await startShop(config, processLogger('test', 'silent'));
  t.teardown(() => shop.close());
  t.ok(shop.config.SERVICE_SECRET.length >= 40, 'a secret was generated for this start');

  // through the storefront (behind a trusted proxy): one visitor runs into the e-mail look-up limit, another does not
  const viaStorefront = (ip: string) => fetch(`${shop.urls.storefront}/api/check-email?email=${encodeURIComponent(uniqueEmail())}`, { headers: { 'x-forwarded-for': ip, host: `ch.localhost:${PORT}` } });
  let last = 0;
  for (let i = 0; i < 40 && last !== 429; i++) last = (await viaStorefront('203.0.113.7')).status;
  t.equal(last, 429, 'the visitor\'s forwarded address reached its limit');
  t.equal((await viaStorefront('198.51.100.4')).status, 200, 'another visitor is not affected: the storefront proved the credential');

  // straight to commerce from this machine, naming an address without the secret: counted as loopback
  const direct = (ip: string) => fetch(`${shop.urls.commerce}/customers/email?email=${encodeURIComponent(uniqueEmail())}`, { headers: { 'x-store-key': 'ch', 'x-client-ip': ip } });
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await direct(`192.0.2.${i}`)).status);
  t.equal(statuses[30], 429, 'a fresh claimed address per call buys a loopback caller nothing');
  t.equal((await viaStorefront('198.51.100.5')).status, 200, 'and spent nobody else\'s budget');
});
