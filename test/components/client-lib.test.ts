// The browser's quiet machinery (issue 17: it worked but nothing tested it), on a fake clock in jsdom:
// service-worker removal, consent detection of a tool that loads late, the editor's preview bridge, the
// spec's app events and the customer's local-storage keys.
import './render.tsx';
import t, { type Test } from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { removeServiceWorkers } from '../../client/state/service-workers.ts';
import { CONSENT_POLL_MAX_MS, detectConsentTool, toolChoice } from '../../client/state/consent-tool.ts';
import { getConsent, resetConsentForTests } from '../../client/state/consent.ts';
import { bridgeMessage } from '../../src/contracts/preview-bridge.ts';
import { startPreviewBridge } from '../../client/state/preview-bridge.ts';
import { appEvents, onAppEvent } from '../../src/contracts/app-events.ts';
import { loggedOut, sessionExpired, setNavigator } from '../../client/state/session.ts';
import { saveProfile, saveSellPoint, sellPointOf, storedProfile } from '../../client/state/customer-storage.ts';
import type { ShopCustomer } from '../../src/contracts/shop-api.ts';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const fakeClock = (t: Test) => {
  const clock = FakeTimers.install({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  t.teardown(() => clock.uninstall());
  return clock;
};

t.test('spec 2: every registered service worker is removed on start, and a failing browser API is no error', async (t) => {
  const unregistered: number[] = [];
  const regs = [1, 2].map((n) => ({ unregister: async () => (unregistered.push(n), true) }));
  t.equal(await removeServiceWorkers({ getRegistrations: async () => regs }), 2);
  t.same(unregistered, [1, 2]);
  t.equal(await removeServiceWorkers({ getRegistrations: async () => { throw new Error('blocked'); } }), 0);
  t.equal(await removeServiceWorkers(undefined), 0, 'a browser without service workers');
});

// The hourly build check, the chunk reload guard and the price connection's reconnect are tested in
// test/views/client-resilience.test.tsx and test/components/price-reconnect.test.tsx.

t.test('spec 9: a consent tool that loads late is found by polling every 100 ms up to 5 s', async (t) => {
  t.test('found after 1.2 s: its choice becomes the shop\'s', async (t) => {
    const clock = fakeClock(t);
    resetConsentForTests();
    document.cookie = 'aurumConsent=; Path=/; Max-Age=0';
    localStorage.clear();
    const w: { OneTrust?: unknown; OnetrustActiveGroups?: unknown } = {};
    detectConsentTool(w, globalThis);
    await clock.tickAsync(1_000);
    t.notOk(getConsent().decided, 'no tool yet, no choice');
    Object.assign(w, { OneTrust: {}, OnetrustActiveGroups: ',C0001,C0004,' });
    await clock.tickAsync(100);
    t.equal(clock.countTimers(), 0, 'found: polling stops');
    t.ok(getConsent().decided);
    t.match(getConsent().choice, { necessary: true, performance: false, functional: false, targeting: true, social: false });
  });
  t.test('no tool within 5 s: polling gives up and the shop\'s banner stays in charge', async (t) => {
    const clock = fakeClock(t);
    document.cookie = 'aurumConsent=; Path=/; Max-Age=0';
    localStorage.clear();
    resetConsentForTests();
    let looks = 0;
    const w = { get OneTrust() { looks++; return undefined; } };
    detectConsentTool(w, globalThis);
    await clock.tickAsync(CONSENT_POLL_MAX_MS + 1_000);
    t.equal(looks, 1 + CONSENT_POLL_MAX_MS / 100, 'once at start, then every 100 ms for 5 s');
    t.equal(clock.countTimers(), 0);
    t.notOk(getConsent().decided);
  });
  t.same(toolChoice({ OneTrust: {}, OnetrustActiveGroups: 'C0001,C0002,C0003,C0005' }), { necessary: true, performance: true, functional: true, targeting: false, social: true });
  t.equal(toolChoice({ OnetrustActiveGroups: 'C0001' }), null, 'groups without the tool: not yet');
});

t.test('the preview bridge believes the CMS editor only, and the page hears StoryblockUpdated', async (t) => {
  t.match(bridgeMessage('https://app.storyblok.com', { action: 'input', story: { id: 7, uuid: 'u-1', content: { title: 'Neu' } } }), { action: 'input', storyId: 7 });
  t.match(bridgeMessage('https://app-us.storyblok.com', JSON.stringify({ action: 'change', storyId: 7 })), { action: 'change', storyId: 7 });
  t.equal(bridgeMessage('https://evil.example', { action: 'change', storyId: 7 }), null, 'another origin');
  t.equal(bridgeMessage('https://app.storyblok.com.evil.example', { action: 'change' }), null, 'a look-alike origin');
  t.equal(bridgeMessage('https://app.storyblok.com', { action: 'delete' }), null, 'an unknown action');
  t.equal(bridgeMessage('https://app.storyblok.com', '{not json'), null);

  t.equal(window.parent, window, 'jsdom: not framed');
  let heard = 0;
  t.teardown(startPreviewBridge(() => heard++));
  window.dispatchEvent(new window.MessageEvent('message', { data: { action: 'change' }, origin: 'https://app.storyblok.com' }));
  t.equal(heard, 0, 'outside the editor\'s iframe nothing listens');

  const fakeParent = { postMessage: () => {} };
  Object.defineProperty(window, 'parent', { configurable: true, get: () => fakeParent });
  t.teardown(() => { delete (window as { parent?: unknown }).parent; });
  const events: unknown[] = [];
  t.teardown(onAppEvent(appEvents.storyblockUpdated, (d) => events.push(d)));
  const seen: string[] = [];
  t.teardown(startPreviewBridge((m) => seen.push(m.action)));
  const post = (origin: string, source: unknown, data: unknown) => {
    const e = new window.MessageEvent('message', { data, origin });
    Object.defineProperty(e, 'source', { value: source });
    window.dispatchEvent(e);
  };
  post('https://app.storyblok.com', fakeParent, { action: 'input', story: { id: 7, content: { title: 'Neu' } } });
  post('https://evil.example', fakeParent, { action: 'change', storyId: 7 });
  post('https://app.storyblok.com', {}, { action: 'change', storyId: 7 });
  post('https://app.storyblok.com', fakeParent, { action: 'published', storyId: 7 });
  t.same(seen, ['input', 'published'], 'from the editor that framed the page only');
  t.same(events, [{ action: 'input', storyId: 7 }, { action: 'published', storyId: 7 }]);
});

const customer = { id: 'c-1', firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', addresses: [] } as unknown as ShopCustomer;

t.test('spec 3: profile-{id} and sellpoint-{cartId}-{type} are written and read back', async (t) => {
  localStorage.clear();
  t.equal(storedProfile(), null);
  saveProfile(customer);
  t.ok(localStorage.getItem('profile-c-1'));
  t.match(storedProfile(), { id: 'c-1', firstName: 'Anna' });
  saveProfile({ ...customer, id: 'c-2' });
  t.equal(localStorage.getItem('profile-c-1'), null, 'one profile: the other customer\'s goes');
  localStorage.setItem('profile-c-3', '{"id":"c-4"}');
  localStorage.removeItem('profile-c-2');
  t.equal(storedProfile(), null, 'a profile not of our shape is not believed');

  saveSellPoint('cart-1', 'buy', 'AU-KRUG-1OZ', '/shop/gold');
  saveSellPoint('cart-1', 'buy', 'AG-PHIL-1OZ', 'home-topseller');
  t.same(JSON.parse(localStorage.getItem('sellpoint-cart-1-buy') ?? 'null'), { 'AU-KRUG-1OZ': '/shop/gold', 'AG-PHIL-1OZ': 'home-topseller' });
  t.equal(sellPointOf('cart-1', 'buy', 'AU-KRUG-1OZ'), '/shop/gold');
  t.equal(sellPointOf('cart-1', 'sell', 'AU-KRUG-1OZ'), null, 'per transaction type');
});

t.test('spec 4 AuthFailed: expiry and logout fire it with the reason and forget the customer\'s keys', async (t) => {
  setNavigator(() => {});
  const reasons: string[] = [];
  t.teardown(onAppEvent(appEvents.authFailed, (d) => reasons.push(d.reason)));
  saveProfile(customer);
  saveSellPoint('cart-1', 'sell', 'AU-KRUG-1OZ', '/produkt/x');
  localStorage.setItem('aurum-consent', 'kept');
  sessionExpired('de');
  t.same(reasons, ['expired']);
  t.equal(localStorage.getItem('profile-c-1'), null);
  t.equal(localStorage.getItem('sellpoint-cart-1-sell'), null);
  t.equal(localStorage.getItem('aurum-consent'), 'kept', 'the consent is the browser\'s, not the customer\'s');
  loggedOut('de');
  t.same(reasons, ['expired', 'logout']);
});
