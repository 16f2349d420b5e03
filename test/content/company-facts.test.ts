// The company's facts live in one CMS story (src/content/stories/shared/company.json): every store finds
// its company there with a valid account in its currency, no documentation sample value is left anywhere,
// a wrong IBAN never reaches a customer, and the pages that show the facts read them from it.
import t from 'tap';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isValidIBAN } from 'ibantools';
import { stores, storeKeys } from '../../src/stores.ts';
import { bankAccountFor, companyFactsFor, companyFactsFromCms, CompanyFactsError } from '../../src/contracts/company-facts.ts';
import { routingNumberValid } from '../../src/contracts/bank-details.ts';
import { companyFactsOf } from '../company-facts.ts';
import { startHarness, type Harness } from '../storefront/harness.ts';

const root = new URL('../../', import.meta.url).pathname;
const story = JSON.parse(readFileSync(join(root, 'src/content/stories/shared/company.json'), 'utf8'));

t.test('every store has one company with an account in the store\'s currency that passes its checksum', async (t) => {
  for (const store of storeKeys) {
    const facts = await companyFactsOf(store);
    const account = bankAccountFor(facts, stores[store].currency);
    t.ok(account, `${store}: an account in ${stores[store].currency}`);
    if (account?.iban) t.ok(isValidIBAN(account.iban), `${store}: ${account.iban}`);
    if (account?.routingNumber) t.ok(routingNumberValid(account.routingNumber), `${store}: routing ${account.routingNumber}`);
    t.match(facts.hotline, /^\+\d/, `${store}: a hotline`);
    t.ok(facts.registerNumber.length > 3, `${store}: a register number`);
  }
  t.equal((await companyFactsOf('ch')).legalName, (await companyFactsOf('li')).legalName, 'Liechtenstein buys from the Swiss company');
  t.match(bankAccountFor(await companyFactsOf('de'), 'EUR')?.iban, /^DE/, 'German customers pay to a German account');
  t.match(bankAccountFor(await companyFactsOf('at'), 'EUR')?.iban, /^AT/, 'Austrian customers pay to an Austrian account');
});

// well-known samples from documentation and fiction: never the shop's own facts
const samples = [/CH93 ?0076 ?2011 ?6238 ?5295 ?7/, /021000021/, /000123456789/, /DE89 ?3704 ?0044 ?0532 ?0130 ?00/, /GB82 ?WEST/, /1250 Bullion/, /\+1 ?\(?\d{3}\)? ?555[- ]?01\d\d/, /\+4\d[\d ]* 555 \d\d \d\d/];

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(p) ? [p] : [];
  });
}

t.test('no documentation sample IBAN, routing number, address or 555 number is left in content, texts, views or the commerce service', async (t) => {
  const scanned = [
    ...files(join(root, 'src/content/stories'), /\.json$/), join(root, 'locales/de.json'), join(root, 'locales/en.json'),
    ...files(join(root, 'views'), /\.tsx?$/), ...files(join(root, 'src/commerce'), /\.ts$/), join(root, 'src/config.ts'), join(root, 'README.md'),
  ];
  const hits = scanned.flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return samples.filter((re) => re.test(text)).map((re) => `${f.slice(root.length)}: ${re}`);
  });
  t.ok(scanned.length > 100, 'the files were read');
  t.same(hits, []);
});

t.test('a story with a wrong account or without a company for a store is refused, never shown', async (t) => {
  const entity = (i: number) => story.content.entities[i];
  const withAccount = (a: Record<string, string>) => ({ ...story.content, entities: [{ ...entity(0), bank_accounts: [{ ...entity(0).bank_accounts[0], ...a }] }, ...story.content.entities.slice(1)] });
  t.throws(() => companyFactsFor(withAccount({ iban: 'CH3200700110004738292' }), 'ch'), CompanyFactsError, 'an IBAN with a wrong check digit');
  t.throws(() => companyFactsFor(withAccount({ bic: 'ZKB' }), 'ch'), CompanyFactsError, 'a malformed BIC');
  const usWrong = { ...story.content, entities: story.content.entities.map((e: { stores: string[]; bank_accounts: object[] }) => e.stores.includes('us') ? { ...e, bank_accounts: [{ ...e.bank_accounts[0], routing_number: '026013849' }] } : e) };
  t.throws(() => companyFactsFor(usWrong, 'us'), CompanyFactsError, 'a routing number failing the ABA checksum');
  t.throws(() => companyFactsFor({ ...story.content, entities: story.content.entities.filter((e: { stores: string[] }) => !e.stores.includes('at')) }, 'at'), CompanyFactsError, 'no company for the store');
  t.throws(() => companyFactsFor({ ...story.content, entities: [entity(1), ...story.content.entities] }, 'at'), CompanyFactsError, 'two companies for one store');
  t.doesNotThrow(() => companyFactsFor(story.content, 'at'));
});

t.test('the commerce service\'s reader keeps the last good facts while the CMS fails, and fails only without any', async (t) => {
  let now = 0;
  let up = true;
  let calls = 0;
  const fetch = (async () => {
    calls++;
    return up ? new Response(JSON.stringify({ story: { content: story.content } }), { status: 200 }) : new Response('{}', { status: 503 });
  }) as typeof globalThis.fetch;
  const source = companyFactsFromCms({ endpoint: 'http://cms.test/v2', token: 'x', ttlMs: 30_000, fetch, now: () => now });
  const first = await source.forStore('de');
  t.equal(first.legalName, 'Aurum Edelmetalle GmbH');
  await source.forStore('de');
  t.equal(calls, 1, 'answered from memory within the TTL');
  up = false;
  now = 31_000;
  t.equal((await source.forStore('de')).legalName, first.legalName, 'the CMS is down: the last good facts');
  t.equal(calls, 2, 'it asked again');
  await t.rejects(source.forStore('at'), CompanyFactsError, 'a store never read cannot be answered');
});

t.test('pages show the store\'s own company: footer trust bar and legal line, imprint, contact', async (t) => {
  const h: Harness = await startHarness();
  t.teardown(() => h.close());
  // what a reader sees: scripts (the page's strings, boot data) are not text on the page
  const text = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
  const ch = await h.get('ch.localhost', '/');
  const chFacts = await companyFactsOf('ch');
  t.match(ch.text, new RegExp(`href="tel:${chFacts.hotline.replace(/[^+\d]/g, '').replace('+', '\\+')}"`), 'the hotline as a tel: link');
  t.match(text(ch.text), /Versicherter Versand/);
  t.match(text(ch.text), /Bewertungen bei Trusted Shops/);
  t.match(ch.text, /href="https:\/\/www\.trustedshops\.de\/bewertung\/info_X[0-9A-F]{32}\.html"/, 'the badge links the shop\'s Trusted Shops profile');
  t.match(text(ch.text), new RegExp(`${chFacts.legalName} · Barrengasse 7 · 8001 Zürich · Handelsregister des Kantons Zürich ${chFacts.registerNumber} · MWST-Nr\\. ${chFacts.vatNumber}`));

  const de = text((await h.get('de.localhost', '/impressum')).text);
  const deFacts = await companyFactsOf('de');
  t.match(de, new RegExp(`${deFacts.legalName} Feingoldstraße 14 80331 München`));
  t.match(de, /Amtsgericht München, HRB \d+/);
  t.match(de, new RegExp(`USt-IdNr\\. ${deFacts.vatNumber}`));
  t.match(de, /IBAN DE\d\d( \d{4}){4} \d\d/, 'the imprint gives the German account, grouped');
  t.notMatch(de, /Barrengasse|CHE-/, 'nothing of the Swiss company on the German store');

  const us = text((await h.get('us.localhost', '/en/imprint')).text);
  t.match(us, /36 West 47th Street, Suite 804 New York, NY 10036/, 'a US address reads City, ST ZIP');
  t.match(us, new RegExp(`Routing number \\(ABA\\) ${bankAccountFor(await companyFactsOf('us'), 'USD')!.routingNumber}`));
  t.notMatch(us, /IBAN/);

  const contact = text((await h.get('at.localhost', '/kontakt')).text);
  t.match(contact, /Aurum Edelmetalle GmbH Dukatenplatz 3 1010 Wien/, 'the Austrian contact page names the Austrian company');
  t.notMatch(contact, /\b555\b/, 'no fiction numbers');
  t.match(contact, /36 West 47th Street, Suite 804 New York, NY 10036/, 'the stores list writes the New York store\'s address the American way');
});
