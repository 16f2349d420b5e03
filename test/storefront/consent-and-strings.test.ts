// What the server renders for a first visit (issue 16): the consent banner comes with the page when the
// visitor's consent cookie holds no choice, and not at all when it does (also from the guest page cache,
// which keeps one variant of each); and a page carries the strings it shows in its own language only.
import t from 'tap';
import { startHarness } from './harness.ts';
import { parseConsentCookie, consentCookieValue, deniedChoice } from '../../src/contracts/consent.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

const BANNER = 'data-testid="consent-banner"';

/** The strings table the page ships (window.__strings), parsed. */
function pageStrings(html: string): { lang: string; table: Record<string, Record<string, unknown>> } {
  const m = /window\.__strings=(.*?)<\/script>/.exec(html);
  if (!m) throw new Error('no strings in the page');
  return JSON.parse(m[1].replace(/\\u003c/g, '<')) as never;
}

t.test('the consent cookie', async (t) => {
  t.same(parseConsentCookie(consentCookieValue({ ...deniedChoice, social: true })), { ...deniedChoice, social: true }, 'a choice survives the trip');
  t.same(parseConsentCookie('1.'), deniedChoice, 'necessary only');
  for (const bad of [undefined, '', '2.social', '1.necessary', '1.social-cookies', 'x', '1.social;', '1.'.padEnd(200, 'a')]) {
    t.equal(parseConsentCookie(bad), null, `${JSON.stringify(bad)?.slice(0, 20)} is no choice`);
  }
});

t.test('served over HTTP', async (t) => {
  const h = await startHarness({ env: { CMS_CACHE_TTL_S: '30' } });
  t.teardown(() => h.close());

  t.test('the banner is in the page without a choice and absent with one', async (t) => {
    const first = await h.get('ch.localhost', '/datenschutz');
    t.ok(first.text.includes(BANNER), 'no cookie: the banner is rendered with the page');
    t.match(first.text, /"consentDecided":false/);
    const decided = await h.get('ch.localhost', '/datenschutz', { cookie: 'aurumConsent=1.performance' });
    t.notOk(decided.text.includes(BANNER), 'a choice: no banner');
    t.equal(decided.headers['x-page-cache'], 'miss', 'not the undecided visitor\'s cached page');
    const bad = await h.get('ch.localhost', '/datenschutz', { cookie: 'aurumConsent=bogus' });
    t.ok(bad.text.includes(BANNER), 'a malformed cookie is no choice: asked again');
    // both variants from the cache, each to its own visitors
    for (let i = 0; i < 100; i++) {
      const [a, b] = await Promise.all([h.get('ch.localhost', '/datenschutz'), h.get('ch.localhost', '/datenschutz', { cookie: 'aurumConsent=1.' })]);
      if (a.headers['x-page-cache'] === 'hit' && b.headers['x-page-cache'] === 'hit') {
        t.ok(a.text.includes(BANNER), 'cached for the undecided: with the banner');
        t.notOk(b.text.includes(BANNER), 'cached for the decided: without');
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    t.fail('the variants were never served from the cache');
  });

  t.test('a page ships the strings it shows, of its language only', async (t) => {
    for (const [path, lang, table, other] of [['/', 'de', de, en], ['/en', 'en', en, de]] as const) {
      const page = await h.get('ch.localhost', path);
      const strings = pageStrings(page.text);
      t.equal(strings.lang, lang);
      t.equal(strings.table.consent?.title, table.consent.title, `${path}: the banner's title in ${lang}`);
      t.equal(strings.table.nav?.shop, table.nav.shop, 'and the header navigation');
      t.notOk(page.text.includes(JSON.stringify(other.consent.text).slice(1, -1)), `${path}: not the other language's banner text`);
      t.notOk('mail' in strings.table || 'backoffice' in strings.table, 'nothing the server alone uses');
      const size = JSON.stringify(strings.table).length;
      t.ok(size < JSON.stringify(table).length / 2, `${path}: a part of the language (${size} characters)`);
    }
  });
});
