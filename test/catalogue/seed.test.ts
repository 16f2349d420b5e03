import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Value from 'typebox/value';
import { seededDb } from './helpers.ts';
import { seedCatalogue } from '../../src/commerce/catalogue/seed.ts';
import { imagesDir } from '../../src/commerce/catalogue/images.ts';
import { seedImageFiles } from '../../src/commerce/catalogue/write-images.ts';
import type { CatalogueProduct } from '../../src/commerce/catalogue/model.ts';
import { PricingAttributes, pricingAttributesProblems } from '../../src/contracts/pricing-attributes.ts';

const db = await seededDb(t);
const products = (await db.query<{ data: CatalogueProduct }>('select data from products order by sku')).map((r) => r.data);
const bySku = new Map(products.map((p) => [p.sku, p]));

t.test('the shop opens with at least 80 products in all four metals and every product type', async (t) => {
  t.ok(products.length >= 80, `${products.length} products`);
  for (const metal of ['gold', 'silver', 'platinum', 'palladium']) {
    t.ok(products.filter((p) => p.metal === metal && p.productType === 'coin').length >= 2, `${metal} coins`);
    t.ok(products.filter((p) => p.metal === metal && p.productType === 'bar').length >= 2, `${metal} bars`);
  }
  t.ok(products.filter((p) => p.productType === 'numismatic').length >= 3, 'numismatic coins');
  t.ok(products.filter((p) => p.productType === 'accessory').length >= 5, 'accessories');
  const goldBarWeights = new Set(products.filter((p) => p.metal === 'gold' && p.productType === 'bar').map((p) => p.weightClass));
  for (const w of ['1g', '2.5g', '5g', '10g', '20g', '1oz', '50g', '100g', '250g', '500g', '1kg']) t.ok(goldBarWeights.has(w), `gold bar ${w}`);
  t.ok(products.some((p) => p.sku === 'AG-BAR-HERAEUS-5KG-CAST'), 'a 5 kg silver bar');
});

t.test('running the seed twice changes nothing', async (t) => {
  const snapshot = () => db.query<Record<string, unknown>>(
    'select sku, xmin::text as version, updated_at, content_hash, data::text as data from products order by sku',
  );
  const before = await snapshot();
  await seedCatalogue(db);
  await seedCatalogue(db);
  const after = await snapshot();
  t.equal(after.length, before.length);
  t.same(after, before, 'no row was rewritten: same row versions, timestamps and contents');
});

t.test('a changed seed entry is updated in place by sku, not duplicated', async (t) => {
  await db.query(`update products set data = jsonb_set(data, '{availability}', '"soldOut"'), content_hash = 'stale', availability = 'soldOut' where sku = 'AU-KRUG-1OZ'`);
  await seedCatalogue(db);
  const rows = await db.query<{ availability: string; n: number }>(`select availability, count(*) over ()::int as n from products where sku = 'AU-KRUG-1OZ'`);
  t.equal(rows.length, 1);
  t.equal(rows[0].availability, 'available', 'the seed restored its own value');
});

const fileOf = (url: string) => join(imagesDir, url.slice('/images/products/'.length));
const svgOf = (url: string) => readFileSync(fileOf(url), 'utf8');
const imageOf = (sku: string, side: string, lang: 'de-AT' | 'en' = 'en') => svgOf(bySku.get(sku)!.images.find((i) => i.side === side)!.url[lang]);

t.test('every coin has an obverse and a reverse, every bar a front and a back, shipped under content-hashed names', async (t) => {
  for (const p of products) {
    const sides = p.images.map((i) => i.side);
    if (p.productType === 'bar') t.same(sides, ['front', 'back'], p.sku);
    else if (p.productType === 'accessory') t.same(sides, ['front'], p.sku);
    else t.same(sides, ['obverse', 'reverse'], `${p.sku} (listings show the first)`);
    for (const image of p.images) {
      for (const url of [image.url['de-AT'], image.url.en]) {
        t.match(url, new RegExp(`^/images/products/${p.sku.toLowerCase().replace(/\./g, '\\.')}-${image.side}(-de|-en)?\\.[0-9a-f]{10}\\.svg$`), p.sku);
        const svg = svgOf(url);
        t.ok(statSync(fileOf(url)).size < 12 * 1024, `${url} under 12 KB`);
        t.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, `${url} is an SVG`);
        t.ok(svg.includes(`<title id="t">${p.name.en.replace(/&/g, '&amp;')}`), `${url} has the product's name in its title`);
      }
      t.match(image.alt['de-AT'], p.productType === 'accessory' ? /\S/ : /Vorderseite|Rückseite/, `${p.sku}: the German alt text names the side`);
      t.match(image.alt.en, p.productType === 'accessory' ? /\S/ : new RegExp(`– ${image.side}`), `${p.sku}: the English alt text names the side`);
    }
  }
});

t.test('the committed images are exactly what the generator makes from the seed, and no other', async (t) => {
  const files = seedImageFiles();
  for (const [name, svg] of files) t.equal(readFileSync(join(imagesDir, name), 'utf8'), svg, `${name} is up to date (npx tsx src/commerce/catalogue/write-images.ts)`);
  t.same(readdirSync(imagesDir).filter((f) => f.endsWith('.svg')).sort(), [...files.keys()].sort(), 'no stale image is left behind');
});

t.test('coins show their real motif and inscriptions on both sides', async (t) => {
  const krugObverse = imageOf('AU-KRUG-1OZ', 'obverse');
  const krugReverse = imageOf('AU-KRUG-1OZ', 'reverse');
  t.match(krugObverse, /SUID-AFRIKA · SOUTH AFRICA/, 'Krugerrand obverse legend');
  t.match(krugReverse, /KRUGERRAND/);
  t.match(krugReverse, /FYNGOUD 1 OZ FINE GOLD/, 'Krugerrand reverse: Afrikaans and English');
  t.match(bySku.get('AU-KRUG-1OZ')!.images[0].alt['de-AT'], /Vorderseite: Porträt von Paul Kruger/);
  t.match(bySku.get('AU-KRUG-1OZ')!.images[1].alt.en, /reverse: springbok/);
  t.match(imageOf('AU-MAPLE-1OZ', 'reverse'), /CANADA[\s\S]*FINE GOLD 1 OZ OR PUR/, 'Maple Leaf: English and French');
  t.match(imageOf('AG-MAPLE-1OZ', 'reverse'), /FINE SILVER 1 OZ ARGENT PUR/);
  for (const words of ['REPUBLIK ÖSTERREICH', '1 UNZE GOLD 999.9', '2026 · 100 EURO']) t.ok(imageOf('AU-PHIL-1OZ', 'obverse').includes(words), `Philharmoniker obverse: ${words}`);
  t.match(imageOf('AU-PHIL-1OZ', 'reverse'), /WIENER PHILHARMONIKER/);
  t.match(imageOf('AU-BRIT-1OZ', 'reverse'), /BRITANNIA/);
  t.match(imageOf('AU-EAGLE-1OZ', 'obverse'), /LIBERTY/);
  t.match(imageOf('AU-EAGLE-1OZ', 'reverse'), /UNITED STATES OF AMERICA/);
  t.match(imageOf('AU-KANG-1OZ', 'reverse'), /AUSTRALIAN KANGAROO/);
  t.equal(bySku.get('AU-KRUG-1OZ')!.images[0].url['de-AT'], bySku.get('AU-KRUG-1OZ')!.images[0].url.en, 'a coin reads the same in both languages');
  t.not(imageOf('AU-KRUG-1OZ', 'obverse'), imageOf('AU-MAPLE-1OZ', 'obverse'), 'each coin has its own motif');
});

t.test('bars: the stamp reads in the page\'s language where the refiner stamps in German, a fixed stamp elsewhere', async (t) => {
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front', 'de-AT'), />FEINGOLD<\/text>[\s\S]*>999,9<\/text>/, 'German page: FEINGOLD 999,9');
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front', 'en'), />FINE GOLD<\/text>[\s\S]*>999\.9<\/text>/, 'English page (US store): FINE GOLD 999.9');
  t.notMatch(imageOf('AU-BAR-HERAEUS-100G', 'front', 'en'), /FEINGOLD/);
  t.match(imageOf('AU-BAR-VALCAMBI-1G', 'front', 'de-AT'), />FINE GOLD<\/text>[\s\S]*ESSAYEUR FONDEUR/, 'a Swiss refiner stamps FINE GOLD and ESSAYEUR FONDEUR in every market');
  t.equal(bySku.get('AU-BAR-VALCAMBI-1G')!.images[0].url['de-AT'], bySku.get('AU-BAR-VALCAMBI-1G')!.images[0].url.en);
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front'), /HERAEUS<\/text>/, 'the refiner is stamped');
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front'), /100 g<\/text>/, 'the weight is stamped');
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front'), /[A-Z]{2} \d{6}<\/text>/, 'a serial number is stamped');
  t.match(imageOf('AU-BAR-HERAEUS-1KG-CAST', 'front'), /feTurbulence/, 'a cast bar has a rough top face');
  t.match(imageOf('AU-BAR-HERAEUS-100G', 'front'), /<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="312" rx="16"/, 'a minted bar is an upright rounded rectangle');
  t.match(bySku.get('AU-BAR-PAMP-1OZ')!.images[0].alt.en, /front: Lady Fortuna/, 'a PAMP Fortuna bar shows Lady Fortuna in front');
  for (const words of ['PAMP SUISSE', '1 OZ', 'FINE GOLD', '999.9', 'ESSAYEUR FONDEUR']) t.ok(imageOf('AU-BAR-PAMP-1OZ', 'back').includes(`>${words}</text>`), `and is stamped ${words} on the back`);
});

t.test('images show the metal: gold, silver, platinum and palladium in distinct tones', async (t) => {
  const tone = (sku: string) => /stop-color="(#[0-9a-f]{6})"/g.exec(imageOf(sku, 'obverse').split('<defs>')[1].split('</defs>')[0].replace(/#fdfdfc|#e4e5e2/g, ''))?.[1];
  const tones = new Set(['AU-PHIL-1OZ', 'AG-PHIL-1OZ', 'PT-PHIL-1OZ', 'PD-MAPLE-1OZ'].map(tone));
  t.equal(tones.size, 4, 'four different metal tones');
  t.match(imageOf('AU-KRUG-1OZ', 'obverse'), /<circle cx="200" cy="196" r="172"/, 'a coin is round');
});

t.test('every product field of spec 3 is there, with texts in German and English', async (t) => {
  const both = (v: unknown, what: string, sku: string) => {
    const m = v as { 'de-AT'?: string; en?: string } | null;
    t.ok(m && typeof m['de-AT'] === 'string' && m['de-AT'].length > 0 && typeof m.en === 'string' && m.en.length > 0, `${sku} ${what} in both languages`);
  };
  for (const p of products) {
    t.match(p.id, /^[0-9a-f-]{36}$/, `${p.sku} id`);
    t.match(p.productId, /^[0-9a-f-]{36}$/, `${p.sku} productId`);
    both(p.name, 'name', p.sku);
    both(p.slug, 'slug', p.sku);
    both(p.description, 'description', p.sku);
    t.ok(p.categories.length >= 1, `${p.sku} categories`);
    for (const c of p.categories) both(c.name, `category ${c.id}`, p.sku);
    t.ok(['available', 'soldOut', 'preorder'].includes(p.availability), `${p.sku} availability`);
    for (const b of p.badges) t.ok(['new', 'sale', 'topseller', 'preorder'].includes(b), `${p.sku} badge ${b}`);
    const a = p.attributes;
    both(a.manufacturer, 'manufacturer', p.sku);
    both(a.countryOfOrigin, 'country of origin', p.sku);
    both(a.packaging, 'packaging', p.sku);
    both(a.certificate, 'certificate', p.sku);
    if (p.productType === 'accessory') {
      t.equal(p.metal, null, `${p.sku} has no metal`);
      continue;
    }
    both(a.preciousMetal, 'precious metal', p.sku);
    both(a.weightLabel, 'weight', p.sku);
    both(a.edition, 'edition', p.sku);
    t.ok(a.fineness !== null && a.fineness > 0 && a.fineness <= 1000, `${p.sku} fineness`);
    t.ok(a.fineWeight !== null && a.fineWeight > 0, `${p.sku} fine weight`);
    t.ok(a.fineWeightUnit === 'ounce' || a.fineWeightUnit === 'gram', `${p.sku} fine weight unit`);
    t.ok(a.fineWeightGrams > 0, `${p.sku} fine weight in grams`);
    t.ok(a.grossWeightGrams !== null && a.grossWeightGrams >= a.fineWeightGrams * 0.999, `${p.sku} gross weight holds the fine weight`);
    t.ok(a.thicknessMm !== null || p.sku.startsWith('NU-KRUG-PROOF-SET'), `${p.sku} thickness`);
    if (p.productType === 'bar') {
      t.ok(a.lengthMm && a.widthMm, `${p.sku} bar dimensions`);
      both(a.production, 'cast or minted', p.sku);
    } else {
      both(a.series, 'series', p.sku);
      both(a.grade, 'grade', p.sku);
      both(a.yearsOfIssue, 'years of issue', p.sku);
      t.ok(a.diameterMm !== null || p.sku.startsWith('NU-KRUG-PROOF-SET'), `${p.sku} diameter`);
    }
  }
});

t.test('slugs are unique across both languages, so a slug always names one product', async (t) => {
  const owner = new Map<string, string>();
  for (const p of products) {
    for (const s of [p.slug['de-AT'], p.slug.en]) {
      t.match(s, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${p.sku} slug ${s}`);
      const other = owner.get(s);
      t.ok(!other || other === p.sku, `${s} is only ${p.sku}'s`);
      owner.set(s, p.sku);
    }
  }
});

t.test('facts match the issuers: Krugerrand, Philharmonic, Britannia standard, Vreneli', async (t) => {
  const krug = bySku.get('AU-KRUG-1OZ')!.attributes;
  t.same([krug.fineness, krug.grossWeightGrams, krug.diameterMm, krug.thicknessMm, krug.fineWeight, krug.fineWeightUnit], [916.7, 33.93, 32.77, 2.84, 1, 'ounce']);
  const phil = bySku.get('AU-PHIL-1OZ')!.attributes;
  t.same([phil.fineness, phil.diameterMm, phil.thicknessMm], [999.9, 37, 2]);
  t.equal(bySku.get('NU-BRIT-SILVER-2012')!.attributes.fineness, 958.3);
  const vreneli = bySku.get('AU-VRENELI-20FR')!.attributes;
  t.same([vreneli.fineness, vreneli.fineWeightGrams, vreneli.fineWeightUnit], [900, 5.806, 'gram']);
  t.equal(bySku.get('AU-KRUG-1OZ')!.name['de-AT'], 'Krügerrand 1 Unze Gold');
  t.equal(bySku.get('AU-PHIL-1OZ')!.name.en, 'Vienna Philharmonic 1 oz Gold');
  t.equal(Math.round(bySku.get('AU-KRUG-1OZ')!.attributes.fineWeightGrams * 1000), 31103, 'one troy ounce in grams');
});

t.test('every product carries pricing attributes the price service accepts', async (t) => {
  for (const p of products) {
    t.ok(Value.Check(PricingAttributes, p.pricing), `${p.sku} matches the PricingAttributes contract`);
    t.same(pricingAttributesProblems(p.pricing), [], `${p.sku} can be priced`);
    t.equal(p.pricing.sku, p.sku);
    t.equal(p.pricing.metal, p.metal);
    t.equal(p.pricing.dutyFree, p.dutyFree);
    t.equal(p.pricing.fineWeightGrams, p.attributes.fineWeightGrams);
    const q = p.pricing.tiers.map((x) => x.minQuantity);
    t.same(q, [...q].sort((a, b) => a - b), `${p.sku} tiers ascending`);
    for (const tier of p.pricing.tiers) t.ok(tier.premiumBp <= p.pricing.premiumBp, `${p.sku} buying more never costs more`);
  }
  t.equal(bySku.get('AU-KRUG-1OZ')!.pricing.vatClass, 'investment-gold');
  t.equal(bySku.get('AG-PHIL-1OZ')!.pricing.vatClass, 'silver-coin');
  t.equal(bySku.get('AG-BAR-HERAEUS-1KG-CAST')!.pricing.vatClass, 'silver-bar');
  t.equal(bySku.get('PT-MAPLE-1OZ')!.pricing.vatClass, 'platinum-group');
  t.equal(bySku.get('ACC-SCALE-001G')!.pricing.basePriceCents, 8990);
});

t.test('silver that is not duty-free cannot go to the deposit; duty-free silver and gold bullion can', async (t) => {
  for (const p of products.filter((x) => x.metal === 'silver' && !x.dutyFree)) t.notOk(p.depositable, `${p.sku} not depositable`);
  t.ok(products.some((p) => p.metal === 'silver' && p.dutyFree && p.depositable), 'duty-free silver exists and is depositable');
  t.ok(bySku.get('AU-BAR-HERAEUS-100G')!.depositable);
  for (const p of products.filter((x) => x.productType === 'accessory' || x.productType === 'numismatic')) t.notOk(p.depositable, `${p.sku} not depositable`);
});

t.test('some products are sold out, some on pre-order with the pre-order badge, some on sale, some new', async (t) => {
  t.ok(products.filter((p) => p.availability === 'soldOut').length >= 3);
  const pre = products.filter((p) => p.availability === 'preorder');
  t.ok(pre.length >= 2);
  for (const p of pre) t.ok(p.badges.includes('preorder'), `${p.sku} shows the preorder badge`);
  for (const badge of ['new', 'sale', 'topseller']) t.ok(products.some((p) => p.badges.includes(badge as never)), `badge ${badge} used`);
});
