// Issue 27: a page ships the strings it shows and what its visible interactions say (src/i18n.ts stringsOf),
// not whole namespaces. A cart notice can appear before the language's full table has come (a line the
// service removed after a cart call, a coupon the currency switch dropped, a merge's cut at sign-in): its
// message (form.error.<code>) is in every page's strings, in the page's language, so the notice reads in
// words and never as a raw key; the other service codes' messages stay out of the page.
import t from 'tap';
import rosetta from 'rosetta';
import { startHarness } from './harness.ts';
import { messageParams, translator } from '../../src/i18n.ts';
import { localeFor } from '../../src/stores.ts';
import { REMOVED_NOTICE_CODES } from '../../views/lib/browser-types.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

const locales = { de, en } as const;

/** The strings table the page ships (window.__strings), parsed. */
function pageStrings(html: string): { lang: 'de' | 'en'; table: Record<string, Record<string, unknown>> } {
  const m = /window\.__strings=(.*?)<\/script>/.exec(html);
  if (!m) throw new Error('no strings in the page');
  return JSON.parse(m[1].replace(/\\u003c/g, '<')) as never;
}

/** What the browser's translator says for a key with only the page's strings (src/i18n.ts: a missing key
 * shows as the key itself until the full table comes), with the limits a message names (the cart maximum). */
function translateWithPageStrings(strings: ReturnType<typeof pageStrings>, key: string): string {
  const i18n = rosetta({ [strings.lang]: strings.table });
  return i18n.t(key, messageParams(key, 'CHF', localeFor('ch', strings.lang)) ?? {}, strings.lang) || key;
}

t.test('served over HTTP', async (t) => {
  const h = await startHarness();
  t.teardown(() => h.close());

  t.test('a removed line\'s notice reads in words with the page\'s strings alone, in both languages', async (t) => {
    // pages with the header (its notices): home, a CMS page and the blog in both languages
    for (const [path, lang] of [['/', 'de'], ['/en', 'en'], ['/datenschutz', 'de'], ['/en/privacy-policy', 'en'], ['/blog', 'de'], ['/en/blog', 'en']] as const) {
      const page = await h.get('ch.localhost', path);
      t.equal(page.status, 200, `${path} answers`);
      const strings = pageStrings(page.text);
      t.equal(strings.lang, lang);
      const errors = (locales[lang].form as { error: Record<string, string> }).error;
      for (const code of REMOVED_NOTICE_CODES) {
        const said = translateWithPageStrings(strings, `form.error.${code}`);
        const full = translator(lang)(`form.error.${code}`, messageParams(`form.error.${code}`, 'CHF', localeFor('ch', lang)));
        t.equal(said, full, `${path}: ${code} in ${lang}`);
        t.ok(errors[code], `${code} has a message in ${lang}`);
        t.notMatch(said, /form\.error/, 'not the raw key');
      }
      t.equal(translateWithPageStrings(strings, 'cart.notice.close'), locales[lang].cart.notice.close, `${path}: the notice's close button`);
      const shipped = Object.keys((strings.table.form?.error ?? {}) as object);
      t.ok(shipped.length < 10, `${path}: ${shipped.length} of ${Object.keys(errors).length} service messages ship (${shipped.join(', ')})`);
    }
  });

  t.test('what a form says while typing and when the network is gone ships with every page', async (t) => {
    const strings = pageStrings((await h.get('ch.localhost', '/en')).text);
    t.equal(translateWithPageStrings(strings, 'validation.required'), en.validation.required);
    t.equal(translateWithPageStrings(strings, 'form.error.UnknownError'), en.form.error.UnknownError);
    t.equal(translateWithPageStrings(strings, 'form.sending'), en.form.sending);
    t.equal(translateWithPageStrings(strings, 'validation.invalid_email'), en.validation.invalid_email);
    t.equal(translateWithPageStrings(strings, 'validation.invalid_value'), en.validation.invalid_value, 'the generic message a check the page did not ship reads as');
    t.equal(translateWithPageStrings(strings, 'error.server'), en.error.server);
  });

  t.test('what shows only after a visitor\'s step comes with the full table, not with every page', async (t) => {
    const strings = pageStrings((await h.get('ch.localhost', '/login')).text);
    t.same(Object.keys(strings.table.validation ?? {}).sort(), ['invalid_email', 'invalid_value', 'required'], 'three of the checks\' messages');
    t.notOk(strings.table.error?.noLimitOrder, 'no error page\'s words written by a loader');
    t.notOk(strings.table.consent?.group, 'the consent settings\' groups come with the dialog (it waits for the full table)');
    t.ok(strings.table.account?.login, 'the login page\'s own words');
    t.notOk(strings.table.account?.loginCode, 'the second step\'s words come after the password\'s answer');
  });
});
