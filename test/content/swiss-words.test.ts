// Swiss German words only where Swiss readers are: the German UI texts (locales/de.json) and the CMS
// stories are shared by the Austrian, German, Swiss and Liechtenstein stores, so they are standard German;
// Swiss and Liechtenstein mails get their regional words from regionalGerman (src/i18n.ts) alone.
import t from 'tap';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { regionalGerman, swissOnlyWords } from '../../src/i18n.ts';
import { renderMail } from '../../src/commerce/mail/index.ts';

const root = new URL('../../', import.meta.url).pathname;
const swissWord = new RegExp(`(?<!\\p{L})(${swissOnlyWords.join('|')})`, 'u');

/** every German string of a JSON value (English translations, field__i18n__en, left out) */
function germanStrings(v: unknown, path: string, out: { path: string; text: string }[]) {
  if (typeof v === 'string') out.push({ path, text: v });
  else if (Array.isArray(v)) v.forEach((x, i) => germanStrings(x, `${path}[${i}]`, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) if (!k.endsWith('__i18n__en')) germanStrings(x, `${path}.${k}`, out);
  }
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.json') ? [p] : [];
  });
}

t.test('the German UI texts that the Austrian and German stores show have no Swiss-only words', async (t) => {
  const hits = germanStrings(JSON.parse(readFileSync(join(root, 'locales/de.json'), 'utf8')), 'de', []).filter((s) => swissWord.test(s.text));
  t.same(hits, [], hits.map((h) => `${h.path}: ${h.text}`).join('\n'));
});

t.test('the CMS stories served to the Austrian and German stores have no Swiss-only words in German', async (t) => {
  const dir = join(root, 'src/content/stories');
  const shared = files(join(dir, 'shared'));
  const atDe = ['at', 'de'].flatMap((d) => { try { return files(join(dir, 'domains', d)); } catch { return []; } });
  const hits = [...shared, ...atDe].flatMap((f) => germanStrings(JSON.parse(readFileSync(f, 'utf8')).content, f.slice(dir.length + 1), []))
    .filter((s) => swissWord.test(s.text));
  t.ok(shared.length > 50, 'the stories were read');
  t.same(hits.map((h) => `${h.path}: ${h.text.slice(0, 120)}`), []);
});

// Swiss spelling writes "ss" where standard German writes "ß" ("Strasse", "grösser", "heisst"): the texts
// the Austrian and German stores show use "ß" (regionalGerman turns it into "ss" for Swiss and Liechtenstein
// mails). A list of the words these texts use, not a general rule: "Masse" and "Masse" differ only by it.
const swissSpelling = /(?<!\p{L})(gr[oö]ss(e|er|es|en|em|ere|eren|erer|ten|handel|buchstab|britannien|enordnung)?|Gr[oö]ss\p{L}*|Strasse|\p{L}*strasse|\p{L}*[sS]chliess\p{L}*|heisst|heissen|Fuss|weiss\p{L}*|Weiss\p{L}*|[mM]assgeb\p{L}*|bloss\p{L}*|\p{L}*fliess\p{L}*|[gG]emäss|\p{L}*mässig\p{L}*|\p{L}*äusser\p{L}*)(?!\p{L})/u;

t.test('the German UI texts and the stories shown in Austria and Germany write ß, not the Swiss ss', async (t) => {
  const dir = join(root, 'src/content/stories');
  const stories = [...files(join(dir, 'shared')), ...['at', 'de'].flatMap((d) => { try { return files(join(dir, 'domains', d)); } catch { return []; } })]
    .filter((f) => !f.endsWith('company.json')) // legal names and addresses are written as registered
    .flatMap((f) => germanStrings(JSON.parse(readFileSync(f, 'utf8')).content, f.slice(dir.length + 1), []));
  const ui = germanStrings(JSON.parse(readFileSync(join(root, 'locales/de.json'), 'utf8')), 'de', []);
  const hits = [...ui, ...stories].filter((s) => swissSpelling.test(s.text) && !/(slug|url|path)$/i.test(s.path));
  t.same(hits.map((h) => `${h.path}: ${h.text.match(swissSpelling)?.[0]}`), []);
  t.ok(swissSpelling.test('Die Datei ist zu gross.') && swissSpelling.test('Bahnhofstrasse') && !swissSpelling.test('Die Datei ist zu groß.'), 'the check finds the Swiss spelling (it can fail)');
});

t.test('the check finds a Swiss word where one is written (it can fail)', async (t) => {
  t.ok(swissWord.test('Zahlung innert 5 Werktagen'));
  t.ok(swissWord.test('allfällige Kosten'));
  t.notOk(swissWord.test('Wir haben Sie an die Zahlung erinnert'), 'a word that only contains one is not one');
});

t.test('Swiss and Liechtenstein mails get the regional words and spelling, Austrian and German ones standard German', async (t) => {
  t.equal(regionalGerman('Bitte zahlen Sie innerhalb von 5 Werktagen. Freundliche Grüße', 'ch', 'de'), 'Bitte zahlen Sie innert 5 Werktagen. Freundliche Grüsse');
  t.equal(regionalGerman('innerhalb von 5 Werktagen', 'li', 'de'), 'innert 5 Werktagen');
  for (const store of ['at', 'de'] as const) t.equal(regionalGerman('innerhalb von 5 Werktagen, Grüße', store, 'de'), 'innerhalb von 5 Werktagen, Grüße');
  t.equal(regionalGerman('within 5 working days', 'ch', 'en'), 'within 5 working days');
  const mail = (store: 'ch' | 'de') => renderMail('newsletter.welcome', 'de', { store, shop: 'Aurum', link: 'https://example.test/x' } as never);
  t.notMatch(mail('ch').text, /ß/);
});
