// One number format per page (issue 17): the German texts (locales/de.json and the CMS stories) are
// written once for every German store, so a figure on an Austrian or German page must not carry Swiss
// grouping ("15'000"), a Swiss page keeps it, and English pages group with commas. Amounts named by the
// texts come from the one formatter with their currency.
import t from 'tap';
import { markupOf, startHarness } from './harness.ts';

/** grouping that does not belong to the page's locale, as a reader would see it */
const foreign = {
  // Germany and Austria group with a dot: an apostrophe or a comma between digit groups is foreign
  dot: [/\d['’]\d{3}(?!\d)/, /(?<![\d.,])\d{1,3},\d{3}(?![\d,])(?!\s?(?:€|EUR))/],
  // Switzerland, Liechtenstein: an apostrophe; a dot-grouped thousand followed by a comma decimal is foreign
  apostrophe: [/(?<![\d.])\d{1,3}\.\d{3},\d{2}\b/, /(?<![\d.'])\d{1,3}\.\d{3}(?:\.\d{3})*\s?(?:€|EUR|CHF|Franken|Euro|Dollar)/],
  // English: a comma
  comma: [/\d['’]\d{3}(?!\d)/, /(?<![\d.])\d{1,3}\.\d{3},\d{2}\b/],
};

const pages: { host: string; paths: string[]; grouping: keyof typeof foreign; expect: RegExp[] }[] = [
  { host: 'de.localhost', paths: ['/ankauf', '/wissen/aufgeld-und-spread', '/wissen/geldwaescherei-und-bargeld', '/blog/goldpreis-4000-dollar', '/shop/altgold-ankauf'], grouping: 'dot', expect: [/4\.150 Dollar/, /10\.000 Euro/] },
  { host: 'at.localhost', paths: ['/ankauf', '/wissen/aufgeld-und-spread', '/wissen/geldwaescherei-und-bargeld', '/blog/goldpreis-4000-dollar', '/shop/altgold-ankauf'], grouping: 'dot', expect: [/4\.150 Dollar/] },
  { host: 'ch.localhost', paths: ['/ankauf', '/wissen/aufgeld-und-spread', '/wissen/geldwaescherei-und-bargeld', '/blog/goldpreis-4000-dollar'], grouping: 'apostrophe', expect: [/4'150 Dollar/] },
  { host: 'us.localhost', paths: ['/en/sell-to-us', '/en/knowledge-hub/premium-and-spread', '/en/knowledge-hub/anti-money-laundering-and-cash', '/en/blog/gold-above-4000-dollars'], grouping: 'comma', expect: [/4,150/] },
];

t.test('served over HTTP', async (t) => {
  const h = await startHarness();
  t.teardown(() => h.close());

  for (const { host, paths, grouping, expect } of pages) {
    t.test(`${host}: no foreign digit grouping`, async (t) => {
      const seen: string[] = [];
      for (const path of paths) {
        const res = await h.get(host, path);
        t.equal(res.status, 200, `${path} answers`);
        const text = markupOf(res.text).replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&nbsp;|\u00a0/g, ' ');
        seen.push(text);
        for (const re of foreign[grouping]) {
          const hit = re.exec(text);
          t.notOk(hit, `${path}: ${hit ? JSON.stringify(text.slice(Math.max(0, hit.index - 40), hit.index + 20)) : 'no foreign grouping'}`);
        }
      }
      for (const re of expect) t.match(seen.join('\n'), re, `the page's own grouping: ${re}`);
    });
  }

  t.test('the sell page names its limits with their currency, in the page\'s format', async (t) => {
    const text = (html: string) => markupOf(html).replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\u00a0|&nbsp;/g, ' ');
    const de = text((await h.get('de.localhost', '/ankauf')).text);
    t.match(de, /bis 5\.000 €/, 'Scrap Metal Box cap in euros, German grouping');
    t.match(de, /bis 15\.000 €/, 'cash payout limit in the store\'s currency');
    const ch = text((await h.get('ch.localhost', '/ankauf')).text);
    t.match(ch, /bis EUR 5'000/);
    t.match(ch, /bis CHF 15'000/);
    const us = text((await h.get('us.localhost', '/en/sell-to-us')).text);
    t.match(us, /up to €5,000/);
    t.match(us, /up to \$15,000/);
  });
});
