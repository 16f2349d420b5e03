// `npm start` starts the back office on PORT+4, on loopback, talking to the embedded commerce service;
// with BACKOFFICE_URL set none starts (an external one is used).
import t from 'tap';
import { loadConfig } from '../../src/config.ts';
import { startShop } from '../../src/main.ts';
import { processLogger } from '../../src/lib/standalone.ts';
import { freePortBlock, portFree } from '../free-ports.ts';

const env = (port: number, extra: Record<string, string> = {}) =>
  loadConfig({ PORT: String(port), DATABASE_URL: 'memory', NODE_ENV: 'test', LOG_LEVEL: 'silent', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...extra });

t.test('the shop starts its back office on PORT+4 on loopback, signed in through the embedded commerce', async (t) => {
  const port = await freePortBlock(5);
  const shop = await startShop(env(port), processLogger('test', 'silent'));
  t.teardown(() => shop.close());
  t.equal(shop.urls.backoffice, `http://127.0.0.1:${port + 4}`);
  const page = await fetch(`${shop.urls.backoffice}/sign-in`);
  t.equal(page.status, 200);
  t.match(await page.text(), 'Aurum back office');
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = /bo_csrf=([^;]+)/.exec(cookie)![1];
  const signIn = await fetch(`${shop.urls.backoffice}/sign-in`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: shop.urls.backoffice },
    body: new URLSearchParams({ _csrf: csrf, email: 'support@ops.example', password: 'Demo-Operator-2026' }),
  });
  t.equal(signIn.status, 303, 'the demo operator signs in through the embedded commerce service');
  // issue 26: the password opens the second step (enrolment of the demo operator's TOTP) first
  t.equal(signIn.headers.get('location'), '/sign-in/second-step');
});

t.test('with BACKOFFICE_URL set, no back office starts here', async (t) => {
  const port = await freePortBlock(5);
  const shop = await startShop(env(port, { BACKOFFICE_URL: 'https://backoffice.example.internal' }), processLogger('test', 'silent'));
  t.teardown(() => shop.close());
  t.equal(shop.urls.backoffice, 'https://backoffice.example.internal');
  t.ok(await portFree(port + 4), 'PORT+4 stays free');
});
