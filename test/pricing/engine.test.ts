import t from 'tap';
import fc from 'fast-check';
import { pricingAttributesProblems, type PricingAttributes } from '../../src/contracts/pricing-attributes.ts';
import { priceCountries, priceCurrencies, type PriceCountry, type ProductPrice } from '../../src/contracts/prices.ts';
import {
  buyTiers, CARD_SURCHARGE_BP, currencySpot, priceProduct, roundHalfUp, TROY_OUNCE_GRAMS,
} from '../../src/pricing/engine/product-prices.ts';
import { vatFor } from '../../src/contracts/vat.ts';
import { metalPrices } from '../../src/pricing/engine/metal-prices.ts';
import { buildPriceBook, usableProducts } from '../../src/pricing/engine/price-book.ts';
import { fixtureProducts, product, roundQuote, T0 } from './fixtures.ts';

const EUR = currencySpot(roundQuote, 'EUR');
const CHF = currencySpot(roundQuote, 'CHF');
const USD = currencySpot(roundQuote, 'USD');

function of(prices: ProductPrice[], type: ProductPrice['type']): ProductPrice[] {
  return prices.filter((p) => p.type === type);
}
function first(prices: ProductPrice[], type: ProductPrice['type']): number {
  const p = prices.find((x) => x.type === type);
  if (!p) throw new Error(`no ${type} price`);
  return p.centAmount;
}

t.test('the fixture catalogue is priceable as a whole', async (t) => {
  for (const p of fixtureProducts) t.same(pricingAttributesProblems(p), [], p.sku);
  t.equal(usableProducts(fixtureProducts).products.length, fixtureProducts.length);
});

t.test('quantity tiers', async (t) => {
  t.test('come sorted ascending and start at one piece, whatever order the catalogue sends', async (t) => {
    const maple = priceProduct(product('SILVER-MAPLE-1OZ'), 'CH', CHF);
    t.same(of(maple, 'buy').map((p) => p.minQuantity), [1, 25, 100, 500]);
    t.same(of(maple, 'buy-card').map((p) => p.minQuantity), [1, 25, 100, 500]);
    t.same(of(maple, 'buy-dutyfree').map((p) => p.minQuantity), [1, 25, 100, 500]);
    t.same(of(maple, 'sell').map((p) => p.minQuantity), [1]);
  });

  t.test('a product without tiers has one buy price from one piece', async (t) => {
    const kg = priceProduct(product('GOLD-BAR-1KG'), 'DE', EUR);
    t.same(of(kg, 'buy').map((p) => p.minQuantity), [1]);
  });

  t.test('a tier starting at 1 replaces the base premium', async (t) => {
    t.same(buyTiers({ premiumBp: 500, tiers: [{ minQuantity: 1, premiumBp: 400 }, { minQuantity: 10, premiumBp: 300 }] }), [
      { minQuantity: 1, premiumBp: 400 }, { minQuantity: 10, premiumBp: 300 },
    ]);
  });

  t.test('buying more never costs more per piece, even if a tier is entered wrongly', async (t) => {
    t.same(buyTiers({ premiumBp: 300, tiers: [{ minQuantity: 10, premiumBp: 400 }, { minQuantity: 50, premiumBp: 200 }] }), [
      { minQuantity: 1, premiumBp: 300 }, { minQuantity: 10, premiumBp: 300 }, { minQuantity: 50, premiumBp: 200 },
    ]);
  });

  t.test('each tier applies its premium over the ask spot value', async (t) => {
    // Krugerrand, 1 oz, ask 2408.00 EUR: 3.5 % / 3 % / 2.5 %
    const k = priceProduct(product('GOLD-KRUGERRAND-1OZ'), 'AT', EUR);
    t.same(of(k, 'buy'), [
      { type: 'buy', centAmount: 249228, minQuantity: 1 },
      { type: 'buy', centAmount: 248024, minQuantity: 10 },
      { type: 'buy', centAmount: 246820, minQuantity: 25 },
    ]);
  });
});

t.test('VAT per country and metal', async (t) => {
  t.test('investment gold carries no VAT in any store', async (t) => {
    for (const country of priceCountries) {
      t.equal(first(priceProduct(product('GOLD-KRUGERRAND-1OZ'), country, EUR), 'buy'), 249228, country);
    }
  });

  t.test('gold that is not investment gold pays the standard rate', async (t) => {
    const p = product('GOLD-MEDAL-585-10G');
    const net = (5.85 / TROY_OUNCE_GRAMS) * 240800 * 1.4;
    t.equal(first(priceProduct(p, 'DE', EUR), 'buy'), Math.round(net * 1.19));
    t.equal(first(priceProduct(p, 'CH', CHF), 'buy'), Math.round(net * 1.081));
  });

  t.test('silver bars pay 20 % in AT, 19 % in DE, 8.1 % in CH and LI, nothing in the US store', async (t) => {
    const bar = product('SILVER-BAR-1KG');
    const oz = 1000 / TROY_OUNCE_GRAMS;
    const netEur = oz * 4020 * 1.09; // ask 40.20 EUR (= CHF here) per ounce, 9 % premium
    t.equal(first(priceProduct(bar, 'AT', EUR), 'buy'), Math.round(netEur * 1.2));
    t.equal(first(priceProduct(bar, 'DE', EUR), 'buy'), Math.round(netEur * 1.19));
    t.equal(first(priceProduct(bar, 'CH', CHF), 'buy'), Math.round(netEur * 1.081));
    t.equal(first(priceProduct(bar, 'LI', CHF), 'buy'), Math.round(netEur * 1.081));
    t.equal(first(priceProduct(bar, 'US', USD), 'buy'), Math.round(oz * 5025 * 1.09));
  });

  t.test('silver coins in AT and DE carry VAT on the margin only; CH charges the full 8.1 %', async (t) => {
    const maple = product('SILVER-MAPLE-1OZ');
    // metal 40.20, net 40.20 * 1.2 + 1.50 = 49.74, margin 9.54
    t.equal(first(priceProduct(maple, 'DE', EUR), 'buy'), 5155, 'DE: 40.20 + 9.54 * 1.19 = 51.5526');
    t.equal(first(priceProduct(maple, 'AT', EUR), 'buy'), 5165, 'AT: 40.20 + 9.54 * 1.20 = 51.648');
    t.equal(first(priceProduct(maple, 'CH', CHF), 'buy'), 5377, 'CH: 49.74 * 1.081 = 53.76894');
  });

  t.test('platinum and palladium pay the standard rate', async (t) => {
    const pt = product('PLATINUM-BAR-1OZ'); // ask 1208.00 EUR/CHF, 6 % premium: net 1280.48
    t.equal(first(priceProduct(pt, 'AT', EUR), 'buy'), 153658);
    t.equal(first(priceProduct(pt, 'DE', EUR), 'buy'), 152377);
    t.equal(first(priceProduct(pt, 'CH', CHF), 'buy'), 138420);
    t.equal(first(priceProduct(pt, 'US', USD), 'buy'), 160060);
    t.same(vatFor('platinum-group', 'LI'), { scheme: 'standard', rate: 0.081 });
  });

  t.test('the US store charges no VAT on anything (sales tax is out of scope)', async (t) => {
    for (const p of fixtureProducts) {
      const prices = priceProduct(p, 'US', USD);
      t.equal(vatFor(p.vatClass, 'US').rate, 0, p.sku);
      if (p.dutyFree) t.same(of(prices, 'buy-dutyfree').map((x) => x.centAmount), of(prices, 'buy').map((x) => x.centAmount), p.sku);
    }
  });

  t.test('accessories are priced from their EUR base price plus standard VAT', async (t) => {
    const capsule = product('ACC-CAPSULE-39MM');
    t.equal(first(priceProduct(capsule, 'DE', EUR), 'buy'), 298, '2.50 * 1.19 = 2.975');
    t.equal(first(priceProduct(capsule, 'AT', EUR), 'buy'), 300);
    t.equal(first(priceProduct(capsule, 'CH', CHF), 'buy'), 270, '2.50 CHF * 1.081 = 2.7025');
    t.equal(first(priceProduct(capsule, 'US', USD), 'buy'), 313, '3.125 USD rounds half up');
    t.same(of(priceProduct(capsule, 'DE', EUR), 'buy').length, 1);
  });
});

t.test('buy-back (sell) prices', async (t) => {
  t.test('are the bid value minus the buy-back discount, without VAT in every country', async (t) => {
    for (const country of priceCountries) {
      t.equal(first(priceProduct(product('GOLD-KRUGERRAND-1OZ'), country, EUR), 'sell'), 236400, `gold ${country}`);
      // spec 9: no VAT when a private customer sells silver bars to us
      t.equal(first(priceProduct(product('SILVER-BAR-1KG'), country, EUR), 'sell'), Math.round((1000 / TROY_OUNCE_GRAMS) * 4000 * 0.95), `silver bar ${country}`);
    }
  });

  t.test('accessories are not bought back', async (t) => {
    t.same(of(priceProduct(product('ACC-GOLD-SCALE'), 'CH', CHF), 'sell'), []);
  });
});

t.test('duty-free prices', async (t) => {
  t.test('are the net price without VAT, for duty-free products only', async (t) => {
    const bar = priceProduct(product('SILVER-BAR-1KG'), 'DE', EUR);
    const net = (1000 / TROY_OUNCE_GRAMS) * 4020 * 1.09;
    t.same(of(bar, 'buy-dutyfree'), [
      { type: 'buy-dutyfree', centAmount: Math.round(net), minQuantity: 1 },
      { type: 'buy-dutyfree', centAmount: Math.round((1000 / TROY_OUNCE_GRAMS) * 4020 * 1.08), minQuantity: 5 },
    ]);
    t.same(of(priceProduct(product('GOLD-KRUGERRAND-1OZ'), 'DE', EUR), 'buy-dutyfree'), [], 'not offered duty-free');
  });

  t.test('a margin-scheme coin bought duty-free pays no VAT on the margin either', async (t) => {
    t.equal(first(priceProduct(product('SILVER-MAPLE-1OZ'), 'DE', EUR), 'buy-dutyfree'), 4974);
  });

  t.test('investment gold costs the same duty-free as duty-paid', async (t) => {
    const p = priceProduct(product('GOLD-BAR-100G'), 'CH', CHF);
    t.same(of(p, 'buy-dutyfree').map((x) => x.centAmount), of(p, 'buy').map((x) => x.centAmount));
  });
});

t.test('card and PayPal pay 2.9 % more than bank transfer', async (t) => {
  t.equal(CARD_SURCHARGE_BP, 290);
  const k = priceProduct(product('GOLD-KRUGERRAND-1OZ'), 'CH', CHF);
  t.same(of(k, 'buy-card').map((p) => p.centAmount), [249228, 248024, 246820].map((c) => Math.round(c * 1.029)));
  for (const p of fixtureProducts) {
    for (const country of priceCountries) {
      const prices = priceProduct(p, country, EUR);
      const bank = of(prices, 'buy');
      of(prices, 'buy-card').forEach((card, i) => {
        t.ok(card.centAmount > bank[i].centAmount, `${p.sku} ${country} tier ${card.minQuantity}`);
      });
    }
  }
});

t.test('amounts are rounded once, half up, at the end', async (t) => {
  t.test('half a cent rounds up', async (t) => {
    t.equal(roundHalfUp(2.5), 3);
    t.equal(roundHalfUp(2.4999), 2);
    t.equal(roundHalfUp(0), 0);
    t.equal(roundHalfUp(1.005 * 100), 101, 'floating-point noise below half a cent does not flip the rounding');
    t.equal(roundHalfUp(1234567890.5), 1234567891);
  });

  t.test('a US customer pays 62.18 USD for a maple leaf whose net is exactly 62.175', async (t) => {
    // 50.25 * 1.2 + 1.50 EUR * 1.25 = 62.175 USD
    t.equal(first(priceProduct(product('SILVER-MAPLE-1OZ'), 'US', USD), 'buy'), 6218);
  });

  t.test('the card price derives from the unrounded bank price, not from the rounded one', async (t) => {
    const item: PricingAttributes = { ...product('ACC-CAPSULE-39MM'), sku: 'ACC-X', basePriceCents: 1010 };
    // net 10.10 EUR = 12.625 USD; CH VAT 8.1 %: 13.647625 -> bank 1365; card 13.647625 * 1.029 = 14.0434 -> 1404
    // (rounding per step would give round(1365 * 1.029) = round(1404.585) = 1405)
    const prices = priceProduct(item, 'CH', USD);
    t.equal(first(prices, 'buy'), 1365);
    t.equal(first(prices, 'buy-card'), 1404);
  });
});

t.test('metal prices show bid and ask per troy ounce in every currency, and the day change', async (t) => {
  const dayBefore = { ...roundQuote, t: T0 - 86_400_000, usd: { ...roundQuote.usd, gold: { bid: 2970, ask: 2980 } } };
  const metals = metalPrices(roundQuote, dayBefore, '2026-11-22T10:00:00.000Z');
  t.same(metals.map((m) => m.name), ['gold', 'silver', 'platinum', 'palladium']);
  const gold = metals[0];
  t.same(gold.prices, [
    { currency: 'EUR', type: 'bid', centAmount: 240000 }, { currency: 'EUR', type: 'ask', centAmount: 240800 },
    { currency: 'CHF', type: 'bid', centAmount: 240000 }, { currency: 'CHF', type: 'ask', centAmount: 240800 },
    { currency: 'USD', type: 'bid', centAmount: 300000 }, { currency: 'USD', type: 'ask', centAmount: 301000 },
  ]);
  t.same(gold.change, { EUR: 101, CHF: 101, USD: 101 }, 'mid 3005 vs 2975: +1.008 %');
  t.same(metals[1].change, { EUR: 0, CHF: 0, USD: 0 });
  t.equal(metalPrices(roundQuote, null, 'x')[0].change, undefined, 'no change without a quote from a day before');
});

t.test('a price book has every product for every store country and currency', async (t) => {
  const book = buildPriceBook(fixtureProducts, roundQuote, null, '2026-11-22T10:00:00.000Z');
  t.equal(book.lists.size, priceCountries.length * priceCurrencies.length);
  for (const country of priceCountries) {
    for (const currency of priceCurrencies) {
      const list = book.lists.get(`${country}:${currency}`);
      t.equal(list?.products.length, fixtureProducts.length, `${country} ${currency}`);
    }
  }
  t.equal(book.productCount, fixtureProducts.length);
});

t.test('products the engine cannot price are skipped with a reason, the others are priced', async (t) => {
  const { products, skipped } = usableProducts([
    ...fixtureProducts.slice(0, 2),
    { ...product('GOLD-BAR-1KG'), metal: null },
    { ...product('GOLD-BAR-1KG'), sku: 'NEG', premiumBp: -5 },
    { sku: 'HALF' },
    'garbage',
    { ...product('GOLD-BAR-100G'), fixedPremiumCents: 1 },
  ]);
  t.same(products.map((p) => p.sku), ['GOLD-KRUGERRAND-1OZ', 'GOLD-BAR-100G']);
  t.same(skipped.map((s) => s.sku), ['GOLD-BAR-1KG', 'NEG', 'HALF', '(no sku)', 'GOLD-BAR-100G']);
  t.match(skipped[0].reason, /needs a metal/);
  t.match(skipped[4].reason, /duplicate/);
});

t.test('for any metal product, in any store and currency, the price rules hold', async (t) => {
  const metalProduct = fc.constantFrom(
    { metal: 'gold' as const, vatClass: 'investment-gold' as const },
    { metal: 'gold' as const, vatClass: 'standard' as const },
    { metal: 'silver' as const, vatClass: 'silver-coin' as const },
    { metal: 'silver' as const, vatClass: 'silver-bar' as const },
    { metal: 'platinum' as const, vatClass: 'platinum-group' as const },
    { metal: 'palladium' as const, vatClass: 'platinum-group' as const },
  ).chain((kind) => fc.record({
    sku: fc.constant('P'),
    metal: fc.constant(kind.metal),
    vatClass: fc.constant(kind.vatClass),
    fineWeightGrams: fc.double({ min: 0.1, max: 15000, noNaN: true }),
    productType: fc.constantFrom('coin' as const, 'bar' as const, 'numismatic' as const),
    premiumBp: fc.integer({ min: 0, max: 20000 }),
    fixedPremiumCents: fc.integer({ min: 0, max: 100000 }),
    buyBackDiscountBp: fc.integer({ min: 0, max: 5000 }),
    tiers: fc.uniqueArray(fc.record({ minQuantity: fc.integer({ min: 1, max: 1000 }), premiumBp: fc.integer({ min: 0, max: 20000 }) }), { selector: (x) => x.minQuantity, maxLength: 6 }),
    basePriceCents: fc.constant(null),
    dutyFree: fc.boolean(),
  }));
  fc.assert(fc.property(
    metalProduct, fc.constantFrom(...priceCountries), fc.constantFrom(EUR, CHF, USD),
    (p, country: PriceCountry, spot) => {
      const prices = priceProduct(p, country, spot);
      const buy = of(prices, 'buy');
      const card = of(prices, 'buy-card');
      const dutyFree = of(prices, 'buy-dutyfree');
      const sell = of(prices, 'sell');
      if (buy[0].minQuantity !== 1) return false;
      for (let i = 1; i < buy.length; i++) {
        if (!(buy[i].minQuantity > buy[i - 1].minQuantity)) return false;
        if (buy[i].centAmount > buy[i - 1].centAmount) return false;
      }
      if (card.length !== buy.length || card.some((c, i) => c.centAmount < buy[i].centAmount)) return false;
      if (p.dutyFree ? dutyFree.some((d, i) => d.centAmount > buy[i].centAmount) : dutyFree.length > 0) return false;
      if (sell.length !== 1 || sell[0].centAmount > buy[buy.length - 1].centAmount) return false;
      return prices.every((x) => Number.isInteger(x.centAmount) && x.centAmount >= 0);
    },
  ), { numRuns: 500 });
  t.pass('buy tiers ascend from 1 and never rise; card >= bank >= duty-free; sell <= cheapest buy');
});
