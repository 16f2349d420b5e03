// The browser after a deploy (spec 4), on a fake clock: the build check asks builds/latest.json once an
// hour; a new build is announced and the visitor's next click is a full page load at the URL clicked (the
// new HTML brings the new bundle), also to a page whose code is already here; a missing script chunk
// reloads the page, at most once in 10 s, so a broken deploy shows an error instead of a reload loop.
// The page's navigation (window.location) and the server (fetch) are faked at the browser's boundary.
import 'global-jsdom/register';
import t, { type Test } from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { act, cleanup, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { startBuildCheck, reloadOnNavigationWhenStale } from '../../client/state/build-poll.ts';
import { reloadOnceForChunkError } from '../../client/chunk-reload.ts';
import { BuildNotice } from '../../views/components/BuildNotice.tsx';
import { renderView } from './helpers.tsx';

const HOUR = 60 * 60 * 1000;

/** The page's navigations: window.location.assign / reload are recorded instead of leaving the page. */
function recordNavigations(t: Test) {
  const loads: string[] = [];
  const real = window;
  const location = { assign: (to: string) => void loads.push(`assign ${to}`), reload: () => void loads.push('reload') };
  const page = new Proxy(real, {
    get: (target, key) => {
      if (key === 'location') return location;
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  (globalThis as { window: unknown }).window = page;
  t.teardown(() => {
    (globalThis as { window: unknown }).window = real;
  });
  return loads;
}

/** builds/latest.json as the server answers it; every request is counted. */
function serveLatest(t: Test) {
  const server = { answer: (): Response => new Response(JSON.stringify({ buildId: 'build-a' }), { status: 200 }), asked: 0 };
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    t.equal(String(input), '/builds/latest.json', 'the build check asks for the latest build only');
    server.asked++;
    return server.answer();
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = original;
  });
  return server;
}

const notice = () => screen.getByRole('status').textContent;

// One page's life, in order: the "new build" state is the page's own and is never undone.
t.test('the hourly build check: nothing new, then failures, then a new build announced', async (t) => {
  const clock = FakeTimers.install({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  t.teardown(() => {
    cleanup();
    clock.uninstall();
  });
  const server = serveLatest(t);
  const loads = recordNavigations(t);
  const router = createMemoryRouter([{ path: '/', element: null }, { path: '/login', element: null }, { path: '/shop', element: null, loader: () => null }], { initialEntries: ['/'] });
  reloadOnNavigationWhenStale(router);
  renderView(<BuildNotice />);
  startBuildCheck('build-a');
  const tick = (ms: number) => act(async () => void (await clock.tickAsync(ms)));

  await tick(HOUR - 1);
  t.equal(server.asked, 0, 'not asked within the first hour');
  await tick(1);
  t.equal(server.asked, 1, 'asked after one hour');
  t.equal(notice(), '', 'same build: nothing to announce');
  await act(() => router.navigate('/login'));
  await act(() => router.navigate('/shop'));
  t.same(loads, [], 'navigation stays in the page');

  server.answer = () => new Response('busy', { status: 503 });
  await tick(HOUR);
  server.answer = () => {
    throw new TypeError('Failed to fetch');
  };
  await tick(HOUR);
  server.answer = () => new Response('{}', { status: 200 });
  await tick(HOUR);
  t.equal(server.asked, 4, 'asked every hour, whatever the last answer was');
  t.equal(notice(), '', 'a failed check or an answer without a build announces nothing');
  await act(() => router.navigate('/'));
  t.same(loads, []);

  server.answer = () => new Response(JSON.stringify({ buildId: 'build-b' }), { status: 200 });
  await tick(HOUR);
  t.equal(server.asked, 5);
  t.equal(notice(), 'Eine neue Version des Shops ist verfügbar. Sie wird mit Ihrem nächsten Klick geladen.', 'a new build is announced, politely');
  t.same(loads, [], 'nothing reloads by itself: the visitor may be typing');

  await act(() => router.navigate('/#top'));
  t.same(loads, [], 'a jump within the page stays in the page');
  await act(() => router.navigate('/login?next=%2Fshop#form'));
  t.same(loads, ['assign /login?next=%2Fshop#form'], 'the next click is a full page load of where the visitor went, even to a page whose code is here');
});

t.test('after a new build, a click to a page with data loads it in full before its data is fetched', async (t) => {
  // the build is new since the test above
  const loads = recordNavigations(t);
  const router = createMemoryRouter([{ path: '/', element: null }, { path: '/shop', element: null, loader: () => null }], { initialEntries: ['/'] });
  const stop = reloadOnNavigationWhenStale(router);
  t.teardown(stop);
  void router.navigate('/shop?metal=gold');
  t.same(loads, ['assign /shop?metal=gold'], 'the full load starts as the navigation starts, not after the old page fetched the data');
  await act(() => router.navigate('/'));
  t.same(loads, ['assign /shop?metal=gold'], 'once');
});

t.test('a missing script chunk reloads the page once; a second failure within 10 s shows the error instead', async (t) => {
  const clock = FakeTimers.install({ toFake: ['Date'], now: Date.parse('2026-11-23T12:00:00.000Z') });
  t.teardown(() => {
    clock.uninstall();
    sessionStorage.clear();
  });
  const loads = recordNavigations(t);
  const gone = new TypeError('Failed to fetch dynamically imported module: /assets/Login-OLD.js');

  t.throws(() => reloadOnceForChunkError(gone), gone, 'the error still goes to the router (if the reload does not happen)');
  t.same(loads, ['reload'], 'the first page of a visit: the page reloads');

  clock.tick(9_000); // the reloaded page (sessionStorage outlives the reload) fails again: a broken deploy
  t.throws(() => reloadOnceForChunkError(gone, '/login'), gone, 'the error page is shown');
  t.same(loads, ['reload'], 'no second reload within 10 s: no reload loop');

  clock.tick(1_001);
  t.throws(() => reloadOnceForChunkError(gone, '/login?next=%2F'), gone);
  t.same(loads, ['reload', 'assign /login?next=%2F'], 'after 10 s a failure reloads again; during a navigation, at the URL the visitor is going to');
});
