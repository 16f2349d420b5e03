// From a seed entry (seed-data.ts) to the full catalogue product: stable ids, slugs and names in both
// languages, categories, localised attributes, images, depot eligibility, VAT class and the pricing
// attributes the price service needs. Pure functions; seed.ts stores the result, routes.ts reshapes it.
import { createHash } from 'node:crypto';
import type { FineWeightUnit, TranslationMap } from '../../contracts/catalogue.ts';
import type { PriceTier, PricingAttributes, VatClass } from '../../contracts/pricing-attributes.ts';
import {
  categories, certificates, countries, grades, GRAMS_PER_TROY_OUNCE, manufacturers, metalRank, metalTexts, packagings,
  productionTexts, productTypeTexts, referenceCentsPerGram, type Texts,
} from './reference.ts';
import { productImageFiles, storedImages } from './images.ts';
import type { CatalogueProduct, RawProduct } from './product.ts';

// the product's shapes live in product.ts (images.ts reads them too)
export type { CatalogueProduct, ImageHints, RawProduct } from './product.ts';

/** What seed.ts writes besides the product itself: sort and search columns. */
export interface CatalogueRow {
  product: CatalogueProduct;
  sortRank: number;
  metalRank: number;
  priceProxyCents: number;
  nameSort: { de: string; en: string };
  search: { de: string; en: string; simple: string };
}

const tm = (t: Texts): TranslationMap => ({ 'de-AT': t.de, en: t.en });
const tmOrNull = (t: Texts | undefined): TranslationMap | null => (t ? tm(t) : null);

/** Deterministic UUID (version-5 layout) so ids stay the same on every seed and every database. */
export function stableUuid(namespace: string, key: string): string {
  const h = createHash('sha1').update(`aurum-catalogue:${namespace}:${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** Lower case, accents removed (ä -> a, é -> e, ß -> ss): the form searches and name sorting compare. */
export function fold(s: string): string {
  return s.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** German transliteration (ä -> ae): "Kruegerrand" must find the Krügerrand too. */
export function transliterate(s: string): string {
  return s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

export function slugify(s: string): string {
  return transliterate(s).normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

interface ParsedWeight { grams: number; unit: FineWeightUnit; value: number; label: Texts }

const deNumber = (n: number) => String(n).replace('.', ',');

/** "1/10oz" -> 3.11 g, 0.1 ounce, "1/10 Unze" / "1/10 oz"; "2.5g" -> 2.5 g, "2,5 g" / "2.5 g". */
export function parseWeightClass(w: string): ParsedWeight {
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+))?(oz|g|kg)$/.exec(w);
  if (!m) throw new Error(`bad weight class ${w}`);
  const num = Number(m[1]);
  const den = m[2] ? Number(m[2]) : 1;
  const value = num / den;
  const text = m[2] ? `${m[1]}/${m[2]}` : m[1];
  switch (m[3]) {
    case 'oz':
      return {
        grams: value * GRAMS_PER_TROY_OUNCE, unit: 'ounce', value,
        label: { de: `${text.replace('.', ',')} ${value > 1 ? 'Unzen' : 'Unze'}`, en: `${text} oz` },
      };
    case 'g':
      return { grams: value, unit: 'gram', value, label: { de: `${deNumber(value)} g`, en: `${value} g` } };
    default:
      return { grams: value * 1000, unit: 'gram', value: value * 1000, label: { de: `${deNumber(value)} kg`, en: `${value} kg` } };
  }
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Quantity discounts: the premium falls with the quantity (spec 3: tiers sorted ascending). */
function defaultTiers(raw: RawProduct): PriceTier[] {
  const p = raw.premiumBp;
  const at = (q: number, share: number): PriceTier => ({ minQuantity: q, premiumBp: Math.round((p * share) / 5) * 5 });
  if (raw.type === 'coin' && raw.metal === 'silver') return [at(25, 0.92), at(100, 0.86), at(500, 0.8)]; // tube, 5 tubes, master box
  if (raw.type === 'coin') return [at(10, 0.93), at(25, 0.88), at(100, 0.82)];
  if (raw.type === 'bar') return [at(5, 0.95), at(20, 0.9)];
  return [];
}

/**
 * VAT class per the contract's rules (src/contracts/pricing-attributes.ts): gold bars of 995 and more
 * and gold coins of 900 and more struck after 1800 are investment gold - every gold product here qualifies.
 */
function vatClassOf(raw: RawProduct): VatClass {
  if (raw.metal === 'gold') {
    const fine = raw.fineness ?? 0;
    return (raw.type === 'bar' ? fine >= 995 : fine >= 900) ? 'investment-gold' : 'standard';
  }
  if (raw.metal === 'silver') return raw.type === 'bar' ? 'silver-bar' : 'silver-coin';
  if (raw.metal === 'platinum' || raw.metal === 'palladium') return 'platinum-group';
  return 'standard';
}

/**
 * Depot eligibility. spec 5: silver that is not duty-free cannot go to deposit, and some items are not
 * depot-eligible. Decision: the depot holds bullion only - gold coins and bars, and silver, platinum
 * and palladium when duty-free (they carry VAT outside the duty-free warehouse, the same reason the spec
 * gives for silver). Numismatic coins (valued one by one) and accessories never go to the depot.
 */
function depositableOf(raw: RawProduct): boolean {
  if (raw.type === 'numismatic' || raw.type === 'accessory' || raw.metal === null) return false;
  if (raw.metal === 'gold') return true;
  return raw.dutyFree === true;
}

/** Buy-back discount under bid: what the shop deducts when a customer sells back. */
function buyBackOf(raw: RawProduct): number {
  if (raw.buyBackDiscountBp !== undefined) return raw.buyBackDiscountBp;
  if (raw.type === 'accessory') return 0; // accessories are never bought back; the sell flow lists metal products only
  if (raw.type === 'numismatic') return 1500;
  if (raw.metal === 'gold') return raw.type === 'bar' ? 100 : 150;
  if (raw.metal === 'silver') return 900;
  return 500;
}

function searchWords(raw: RawProduct, lang: 'de' | 'en'): string[] {
  const metal = raw.metal ? metalTexts[raw.metal][lang] : '';
  const words: string[] = [];
  if (lang === 'de') {
    if (raw.type === 'coin' || raw.type === 'numismatic') words.push('Münze Münzen Anlagemünze', metal ? `${metal}münze ${metal}münzen` : '');
    if (raw.type === 'numismatic') words.push('Sammlermünze Numismatik');
    if (raw.type === 'bar') words.push('Barren Anlagebarren', `${metal}barren`, raw.production === 'cast' ? 'gegossen Gussbarren' : 'geprägt Prägebarren');
    if (raw.type === 'accessory') words.push('Zubehör');
    if (raw.dutyFree) words.push('zollfrei Zollfreilager');
  } else {
    if (raw.type === 'coin' || raw.type === 'numismatic') words.push('coin coins bullion', metal ? `${metal} coin` : '');
    if (raw.type === 'numismatic') words.push('collector coin numismatic');
    if (raw.type === 'bar') words.push('bar bars ingot bullion', metal ? `${metal} bar` : '', raw.production === 'cast' ? 'cast' : 'minted');
    if (raw.type === 'accessory') words.push('accessory accessories');
    if (raw.dutyFree) words.push('duty-free');
  }
  return words.filter(Boolean);
}

function categoryIdsOf(raw: RawProduct): string[] {
  const ids: string[] = [];
  if (raw.type === 'accessory') ids.push('accessories');
  if (raw.metal) ids.push(raw.metal);
  if (raw.type === 'coin') ids.push('coins', `${raw.metal}-coins`);
  if (raw.type === 'bar') ids.push('bars', `${raw.metal}-bars`);
  if (raw.type === 'numismatic') ids.push('numismatics');
  if (raw.dutyFree) ids.push('duty-free');
  return ids;
}

function fill(t: Texts, lang: 'de' | 'en', raw: RawProduct, weight: Texts | null): string {
  return t[lang]
    .replaceAll('{w}', weight?.[lang] ?? '')
    .replaceAll('{y}', raw.nameYear?.[lang] ?? '')
    .replaceAll('{n}', raw.nameCount?.[lang] ?? '')
    .replace(/\s+/g, ' ').trim();
}

/** The image a cart, order or wishlist line shows: the obverse or front, in the line's language. */
export function lineImageUrl(product: CatalogueProduct | undefined, lang: 'de' | 'en'): string | null {
  const url = product?.images[0]?.url;
  if (!url) return null;
  return lang === 'en' ? url.en : url['de-AT'];
}

/** Builds one catalogue row from its seed entry. index = position in the curated list. */
export function buildRow(raw: RawProduct, index: number): CatalogueRow {
  const parsed = raw.weight ? parseWeightClass(raw.weight) : null;
  const fineWeightGrams = round(parsed?.grams ?? raw.fineWeightGrams ?? 0, 6);
  let fineWeight: number | null = null;
  let fineWeightUnit: FineWeightUnit | null = null;
  let weightLabel: Texts | null = null;
  if (parsed) {
    fineWeight = round(parsed.value, 4);
    fineWeightUnit = parsed.unit;
    weightLabel = parsed.label;
  } else if (raw.metal && fineWeightGrams > 0) {
    if (raw.fineWeightUnitOverride === 'ounce') {
      fineWeight = round(fineWeightGrams / GRAMS_PER_TROY_OUNCE, 3);
      fineWeightUnit = 'ounce';
      weightLabel = { de: `${deNumber(fineWeight)} Unzen`, en: `${fineWeight} oz` };
    } else {
      fineWeight = round(fineWeightGrams, 3);
      fineWeightUnit = 'gram';
      weightLabel = { de: `${deNumber(fineWeight)} g`, en: `${fineWeight} g` };
    }
  }
  const name = { de: fill(raw.name, 'de', raw, weightLabel), en: fill(raw.name, 'en', raw, weightLabel) };
  const description = { de: fill(raw.description, 'de', raw, weightLabel), en: fill(raw.description, 'en', raw, weightLabel) };
  const maker = raw.manufacturer ? manufacturers[raw.manufacturer] : undefined;
  if (raw.manufacturer && !maker) throw new Error(`${raw.sku}: unknown manufacturer ${raw.manufacturer}`);
  const countryCode = raw.country ?? maker?.country ?? null;
  const country = countryCode ? countries[countryCode] : undefined;
  if (countryCode && !country) throw new Error(`${raw.sku}: unknown country ${countryCode}`);
  const lookup = (table: Record<string, Texts>, key: string | undefined, what: string): TranslationMap | null => {
    if (key === undefined) return null;
    const t = table[key];
    if (!t) throw new Error(`${raw.sku}: unknown ${what} ${key}`);
    return tm(t);
  };
  const categoryIds = categoryIdsOf(raw);
  const dutyFree = raw.dutyFree === true;
  const availability = raw.availability ?? 'available';
  const badges = [...new Set(raw.badges ?? [])];
  if (availability === 'preorder' && !badges.includes('preorder')) badges.push('preorder');
  const pricing: PricingAttributes = {
    sku: raw.sku,
    metal: raw.metal,
    fineWeightGrams,
    productType: raw.type,
    premiumBp: raw.premiumBp,
    fixedPremiumCents: raw.fixedPremiumCents ?? 0,
    buyBackDiscountBp: buyBackOf(raw),
    tiers: raw.tiers ?? defaultTiers(raw),
    basePriceCents: raw.type === 'accessory' ? raw.basePriceCents ?? null : null,
    dutyFree,
    vatClass: vatClassOf(raw),
  };
  const product: CatalogueProduct = {
    sku: raw.sku,
    id: stableUuid('sku', raw.sku),
    productId: stableUuid('product', raw.family),
    productType: raw.type,
    metal: raw.metal,
    name: tm(name),
    slug: { 'de-AT': slugify(name.de), en: slugify(name.en) },
    description: tm(description),
    categories: categoryIds.map((id) => ({ id, name: tm(categories[id]) })),
    images: [],
    attributes: {
      preciousMetal: raw.metal ? tm(metalTexts[raw.metal]) : null,
      fineness: raw.fineness ?? null,
      fineWeight,
      fineWeightUnit,
      fineWeightGrams,
      weightLabel: weightLabel ? tm(weightLabel) : null,
      grossWeightGrams: raw.grossG ?? null,
      manufacturer: maker ? tm(maker) : null,
      countryOfOrigin: country ? tm(country) : null,
      countryOfOriginCode: countryCode,
      series: tmOrNull(raw.series),
      thicknessMm: raw.thicknessMm ?? null,
      diameterMm: raw.diameterMm ?? null,
      lengthMm: raw.lengthMm ?? null,
      widthMm: raw.widthMm ?? null,
      grade: lookup(grades, raw.grade, 'grade'),
      yearsOfIssue: tmOrNull(raw.years),
      edition: tmOrNull(raw.edition),
      packaging: lookup(packagings, raw.packaging, 'packaging'),
      certificate: lookup(certificates, raw.certificate, 'certificate'),
      production: raw.production ? tm(productionTexts[raw.production]) : null,
    },
    manufacturerId: raw.manufacturer ?? null,
    weightClass: raw.weight ?? null,
    availability,
    badges,
    depositable: depositableOf(raw),
    dutyFree,
    published: true,
    pricing,
  };
  product.images = storedImages(raw.sku, productImageFiles(product, raw));
  const priceProxyCents = raw.metal
    ? Math.round(fineWeightGrams * referenceCentsPerGram[raw.metal] * (1 + raw.premiumBp / 10000) + pricing.fixedPremiumCents)
    : pricing.basePriceCents ?? 0;
  const typeWords = productTypeTexts[raw.type];
  const docFor = (lang: 'de' | 'en') => [
    name[lang], raw.series?.[lang], maker?.[lang], raw.metal ? metalTexts[raw.metal][lang] : '', typeWords[lang],
    ...categoryIds.map((id) => categories[id][lang]), weightLabel?.[lang], country?.[lang], ...searchWords(raw, lang),
  ].filter(Boolean).join(' ');
  const de = docFor('de');
  const en = docFor('en');
  const both = `${de} ${en} ${raw.sku}`;
  const folded = fold(both);
  const translit = transliterate(both);
  const simple = [...new Set(`${folded} ${translit} ${raw.sku.toLowerCase().replace(/[^a-z0-9]+/g, ' ')}`.split(/[^a-z0-9]+/).filter(Boolean))].join(' ');
  return {
    product,
    sortRank: (badges.includes('topseller') ? 0 : 1000) + index,
    metalRank: raw.metal ? metalRank[raw.metal] : 9,
    priceProxyCents,
    nameSort: { de: fold(name.de), en: fold(name.en) },
    search: { de, en, simple },
  };
}

/** Every row of the seed catalogue; throws when two products would share a slug or sku. */
export function buildCatalogue(raws: RawProduct[]): CatalogueRow[] {
  const rows = raws.map((r, i) => buildRow(r, i));
  const skus = new Set<string>();
  const slugs = new Map<string, string>();
  for (const { product: p } of rows) {
    if (skus.has(p.sku)) throw new Error(`duplicate sku ${p.sku}`);
    skus.add(p.sku);
    // A slug is looked up in either language (spec 3), so it must be unique across both.
    for (const s of new Set([p.slug['de-AT'], p.slug.en])) {
      const other = slugs.get(s);
      if (other && other !== p.sku) throw new Error(`slug ${s} of ${p.sku} is taken by ${other}`);
      slugs.set(s, p.sku);
    }
  }
  return rows;
}
