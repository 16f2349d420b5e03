// Component tests of the store finder (CMS block stores_list) and "open now": the current shop's stores
// first, each with whether it is open at this moment (a fake clock), and a map that waits for Targeting
// consent. The server and the first render show a neutral text instead of "open now".
import 'global-jsdom/register';
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import type { Block, StoreSummary } from '../../src/contracts/content.ts';
import { Blocks } from '../../views/blocks/Blocks.tsx';
import { OpenStatus } from '../../views/components/OpenStatus.tsx';
import { grantConsent, resetConsentForTests } from '../../client/state/consent.ts';
import { makeShop, ShopContext } from '../../views/lib/context.tsx';
import { bootFor, renderView } from './helpers.tsx';

let clock: ReturnType<typeof FakeTimers.install> | null = null;
/** the moment the page is looked at (only Date is faked: the test library keeps its own timers) */
function now(iso: string) {
  clock = FakeTimers.install({ now: Date.parse(iso), toFake: ['Date'] });
}

t.afterEach(() => {
  cleanup();
  clock?.uninstall();
  clock = null;
  window.localStorage.clear();
  resetConsentForTests();
});

const weekdays = [{ dayFrom: 'Monday' as const, dayTo: 'Friday' as const, from: '09:00', to: '17:00' }];
const store = (slug: string, storeKey: string, name: string, timezone: string, lat: number, lng: number): StoreSummary => ({
  slug, storeKey, name, city: name.replace('Aurum ', ''), streetAddress: 'Strasse 1', postalCode: '1000', country: storeKey.toUpperCase(),
  phone: '+41 44 555 01 00', email: `${slug}@aurum.example`, lat, lng, timezone, openingHours: weekdays, closures: [],
});
const finder: Block = {
  type: 'stores_list', id: 's', headline: 'Alle Filialen', map: { lat: 47.75, lng: 11.2, zoom: 6 },
  stores: [store('zuerich', 'ch', 'Aurum Zürich', 'Europe/Zurich', 47.3717, 8.5402), store('new-york', 'us', 'Aurum New York', 'America/New_York', 40.7069, -74.0113)],
};

t.test('the current shop\'s stores come first, each linking to its page', async (t) => {
  now('2026-11-23T15:00:00Z');
  renderView(<Blocks blocks={[finder]} />, { store: 'us', lang: 'en' });
  const names = within(screen.getByRole('region', { name: 'Alle Filialen' })).getAllByRole('heading', { level: 3 });
  t.same(names.map((n) => n.textContent), ['Aurum New York', 'Aurum Zürich']);
  t.equal(within(names[0]).getByRole('link').getAttribute('href'), '/en/stores/new-york');
});

t.test('whether each store is open now, in its own time zone', async (t) => {
  // Monday 16:30 UTC: 17:30 in Zurich (closed), 11:30 in New York (open)
  now('2026-11-23T16:30:00Z');
  renderView(<Blocks blocks={[finder]} />);
  const [zurich, newYork] = screen.getAllByRole('listitem');
  t.equal(within(zurich).getByTestId('open-status').textContent, 'Geschlossen · öffnet morgen um 09:00 Uhr');
  t.equal(within(newYork).getByTestId('open-status').textContent, 'Jetzt geöffnet · bis 17:00 Uhr');
});

t.test('the server and the first render say nothing about the moment', async (t) => {
  now('2026-11-23T16:30:00Z');
  const html = renderToString(<ShopContext.Provider value={makeShop(bootFor('ch'), 'de')}><OpenStatus store={finder.type === 'stores_list' ? finder.stores[0] : (null as never)} /></ShopContext.Provider>);
  t.match(html, 'Siehe Öffnungszeiten');
  t.notMatch(html, /geöffnet|Geschlossen/);
});

t.test('closed on a holiday, with the reason and the next opening by weekday or date', async (t) => {
  now('2026-12-24T10:00:00Z');
  const z = { ...(finder as Extract<Block, { type: 'stores_list' }>).stores[0], closures: [{ from: '2026-12-24', to: '2026-12-26', note: 'Christmas' }] };
  renderView(<OpenStatus store={z} />, { lang: 'en', store: 'us' });
  t.equal(screen.getByTestId('open-status').textContent, 'Closed today (Christmas) · opens on Monday at 9:00\u00a0AM');
  cleanup();
  const long = { ...z, closures: [{ from: '2026-12-24', to: '2027-01-06', note: 'Renovation' }] };
  renderView(<OpenStatus store={long} />, { lang: 'en', store: 'us' });
  t.equal(screen.getByTestId('open-status').textContent, 'Closed today (Renovation) · opens on 01/07/2027 at 9:00\u00a0AM', 'more than a week ahead: the date');
});

t.test('the map waits for Targeting consent; then OpenStreetMap, and "show on map" centres a store', async (t) => {
  now('2026-11-23T10:00:00Z');
  const { container } = renderView(<Blocks blocks={[finder]} />, { lang: 'en' });
  t.equal(container.querySelector('iframe'), null);
  t.ok(screen.getByText('Map of our stores'));
  t.equal(screen.queryByRole('button', { name: /on the map/ }), null, 'nothing to centre without a map');
  await userEvent.click(screen.getByRole('button', { name: 'Allow Targeting cookies and show the map' }));
  const map = screen.getByTitle('Map of our stores');
  t.match(map.getAttribute('src'), /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.,]+&layer=mapnik$/);
  await userEvent.click(screen.getByRole('button', { name: 'Show Aurum Zürich on the map' }));
  t.match(screen.getByTitle('Map of our stores').getAttribute('src'), /&marker=47\.3717,8\.5402$/);
});

t.test('a store list without map shows no map placeholder', async (t) => {
  grantConsent('targeting');
  const { container } = renderView(<Blocks blocks={[{ ...finder, map: null } as Block]} />);
  t.equal(container.querySelector('.consent-gate, iframe'), null);
});
