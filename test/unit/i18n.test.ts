import t from 'tap';
import { formatDate, formatMoney, localeKeys, translator } from '../../src/i18n.ts';
import { canonicalHosts, hostTable, storeForHost } from '../../src/stores.ts';
import { languageOfPath, localizedPath, unprefixedPath } from '../../src/screens.ts';

t.test('both languages hold exactly the same keys', async (t) => {
  const { en, de } = localeKeys();
  const missingInDe = en.filter((k) => !de.includes(k));
  const missingInEn = de.filter((k) => !en.includes(k));
  t.same(missingInDe, [], 'keys in en.json missing from de.json');
  t.same(missingInEn, [], 'keys in de.json missing from en.json');
  t.ok(en.length > 50);
});

t.test('messages are translated and interpolated', async (t) => {
  t.equal(translator('en')('error.notFound', { path: '/x' }), 'Page Not Found: /x');
  t.equal(translator('de')('error.notFound', { path: '/x' }), 'Seite nicht gefunden: /x');
  t.equal(translator('de')('no.such.key'), 'no.such.key', 'a missing key shows itself');
});

t.test('amounts are integer cents formatted by locale and currency', async (t) => {
  t.equal(formatMoney(123456, 'USD', 'en-US'), '$1,234.56');
  t.equal(formatMoney(123456, 'CHF', 'de-CH'), "CHF\u00a01'234.56", 'one spelling of the Swiss separator on server and browser');
  t.equal(formatMoney(123456, 'EUR', 'de-DE'), '1.234,56\u00a0€');
  t.equal(formatMoney(123456, 'EUR', 'de-AT'), '€\u00a01.234,56');
  t.match(formatMoney(5, 'EUR', 'de-AT'), /0,05/);
});

t.test('dates are MM/DD/YYYY in the US and DD/MM/YYYY elsewhere', async (t) => {
  const d = '2026-03-04T12:00:00Z';
  t.equal(formatDate(d, 'en-US'), '03/04/2026');
  t.equal(formatDate(d, 'de-CH'), '04/03/2026');
  t.equal(formatDate(d, 'en-GB'), '04/03/2026');
  t.equal(formatDate(d, 'de-AT'), '04/03/2026');
});

t.test('stores resolve by host, with the default store for anything else', async (t) => {
  const table = hostTable('ch=www.aurum.ch|aurum.ch,us=shop.aurum.com');
  t.equal(storeForHost('at.localhost:3000', table, 'ch'), 'at');
  t.equal(storeForHost('US.LOCALHOST', table, 'ch'), 'us');
  t.equal(storeForHost('aurum.ch', table, 'de'), 'ch');
  t.equal(storeForHost('shop.aurum.com:443', table, 'ch'), 'us');
  t.equal(storeForHost('localhost:3000', table, 'de'), 'de');
  t.equal(storeForHost('evil.example', table, 'ch'), 'ch');
  t.equal(storeForHost(undefined, table, 'li'), 'li');
  t.equal(canonicalHosts('ch=www.aurum.ch|aurum.ch').ch, 'www.aurum.ch');
  t.equal(canonicalHosts('').at, 'at.localhost');
});

t.test('/en paths are English, all others German', async (t) => {
  t.equal(languageOfPath('/en'), 'en');
  t.equal(languageOfPath('/en/shop'), 'en');
  t.equal(languageOfPath('/english'), 'de');
  t.equal(languageOfPath('/'), 'de');
});

t.test('the language prefix is added and removed in one place', async (t) => {
  t.equal(localizedPath('en', '/'), '/en');
  t.equal(localizedPath('en', '/shop'), '/en/shop');
  t.equal(localizedPath('de', '/shop'), '/shop');
  t.equal(unprefixedPath('/en'), '/');
  t.equal(unprefixedPath('/en/privacy-policy'), '/privacy-policy');
  t.equal(unprefixedPath('/english'), '/english');
});
