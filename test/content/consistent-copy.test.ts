// Issue 28, "looks foreign": the shop's copy does not contradict itself. One word for the sell cart (the
// UI's "Verkaufskorb"), no step counts that differ from page to page ("vier Schritte" on the home page, "fünf"
// on the sell page), one newsletter box on the home page (the footer's, on every page) saying the same rhythm
// everywhere, and amounts in the stories written as the store writes amounts ("bis 5.000 €" in Germany beside
// the "15.000 €" of the shop's own strings, not "bis 5.000 EUR").
import t from 'tap';
import { loadRepository, type ContentLang } from '../../src/content/repository.ts';
import { formatMoney, messageTemplate, regroupNumbersDeep } from '../../src/i18n.ts';
import { SCRAP_BOX_CAP_EUR_CENTS, CASH_PAYOUT_MAX_CENTS } from '../../src/contracts/cart-limits.ts';
import { localeFor, storeKeys, stores } from '../../src/stores.ts';

const repo = loadRepository();
const view = (lang: ContentLang) => repo.view('published', lang);
const allText = (lang: ContentLang) => view(lang).stories.map((s) => JSON.stringify(s.content)).join('\n');

t.test('the sell cart has one name: no story says "Ankaufswarenkorb"', async (t) => {
  t.equal(messageTemplate('de', 'cart.header.sell'), 'Verkaufskorb');
  t.notMatch(allText('default'), /Ankaufswarenkorb/);
});

t.test('no page counts the steps of selling (the lists differ in length from page to page)', async (t) => {
  t.notMatch(allText('default'), /\b(zwei|drei|vier|fünf|sechs) Schritt/i);
  t.notMatch(allText('en'), /\b(two|three|four|five|six) steps\b/i);
});

t.test('the home page has one newsletter box, and every newsletter text names the same rhythm', async (t) => {
  for (const store of storeKeys) {
    for (const lang of ['default', 'en'] as const) {
      const home = view(lang).bySlug.get(`${store}/home`);
      if (!home) continue;
      const blocks = (home.content.body as { component: string }[]).map((b) => b.component);
      t.notOk(blocks.includes('newsletter'), `${store}/${lang}: the footer's newsletter box is the only one`);
    }
  }
  t.match(messageTemplate('de', 'forms.newsletter.footerText') ?? '', /Einmal im Monat/);
  t.match(messageTemplate('en', 'forms.newsletter.footerText') ?? '', /Once a month/);
  t.notMatch(allText('default'), /zweimal im Monat|alle zwei Wochen/i);
  t.notMatch(allText('en'), /twice a month|every two weeks/i);
});

t.test('amounts in the stories read as the store writes amounts', async (t) => {
  for (const store of storeKeys) {
    for (const [lang, content] of [['de', 'default'], ['en', 'en']] as const) {
      const locale = localeFor(store, lang);
      const home = view(content).bySlug.get(`${store}/home`);
      const sell = view(content).bySlug.get(`${store}/ankauf/altgold`) ?? view(content).stories.find((s) => s.full_slug.startsWith(`${store}/`) && JSON.stringify(s.content).includes('EUR'));
      for (const story of [home, sell]) {
        if (!story) continue;
        const text = JSON.stringify(regroupNumbersDeep(story.content, locale));
        t.notMatch(text, /\d\s?EUR\b/, `${store}/${lang} ${story.full_slug}: no "5.000 EUR"`);
        if (/5'000 EUR|5,000 EUR/.test(JSON.stringify(story.content))) {
          t.match(text, formatMoney(SCRAP_BOX_CAP_EUR_CENTS, 'EUR', locale, 0), `${store}/${lang}: the cap as ${formatMoney(SCRAP_BOX_CAP_EUR_CENTS, 'EUR', locale, 0)}`);
        }
      }
    }
  }
  // beside the shop's own string for the cash payout, with the same placement of the currency
  t.equal(formatMoney(CASH_PAYOUT_MAX_CENTS, stores.de.currency, 'de-DE', 0).endsWith('€'), formatMoney(SCRAP_BOX_CAP_EUR_CENTS, 'EUR', 'de-DE', 0).endsWith('€'));
  t.equal(JSON.stringify(regroupNumbersDeep({ s: "Altgold bis 5'000 EUR" }, 'de-DE')), JSON.stringify({ s: `Altgold bis ${formatMoney(SCRAP_BOX_CAP_EUR_CENTS, 'EUR', 'de-DE', 0)}` }));
});
