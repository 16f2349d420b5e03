// The one scrap estimate (src/contracts/scrap.ts): the commerce service prices scrap lines with it, the
// sell-to-us form and the CMS old-metal calculator show it live; all three agree to the cent.
import t from 'tap';
import { GRAMS_PER_TROY_OUNCE, SCRAP_DEDUCTION_BP, scrapEstimateCents, scrapFinenessOptions, scrapSpotMetal } from '../../src/contracts/scrap.ts';

t.test('fine metal in troy ounces times the bid, less the refining deduction, rounded down to the cent', async (t) => {
  t.equal(scrapEstimateCents({ metal: 'gold', fineness: 999, weightGrams: GRAMS_PER_TROY_OUNCE }, 100_000), 94_905, 'one ounce of 999 gold, 5 % deduction');
  t.equal(scrapEstimateCents({ metal: 'gold', fineness: 585, weightGrams: 6 }, 330_000), 35_378, 'a 6 g ring of 585 gold');
  t.equal(scrapEstimateCents({ metal: 'silver', fineness: 925, weightGrams: 1000 }, 4_500), 117_768, 'a kilo of sterling silver, 12 % deduction');
});

t.test('dental gold is priced from the gold bid with the largest deduction', async (t) => {
  t.equal(scrapSpotMetal('dental-gold'), 'gold');
  t.ok(SCRAP_DEDUCTION_BP['dental-gold'] > SCRAP_DEDUCTION_BP.gold);
  t.equal(scrapEstimateCents({ metal: 'dental-gold', fineness: 750, weightGrams: 10 }, 330_000), 71_615);
  t.ok(scrapFinenessOptions['dental-gold'].length > 0, 'the usual dental alloys to choose from');
});

t.test('what cannot be estimated answers 0, never a negative or NaN amount', async (t) => {
  for (const weightGrams of [0, -1, Number.NaN]) t.equal(scrapEstimateCents({ metal: 'gold', fineness: 585, weightGrams }, 100), 0, `grams ${weightGrams}`);
  for (const fineness of [0, -5, Number.NaN]) t.equal(scrapEstimateCents({ metal: 'gold', fineness, weightGrams: 1 }, 100), 0, `fineness ${fineness}`);
  t.equal(scrapEstimateCents({ metal: 'gold', fineness: 585, weightGrams: 1 }, 0), 0, 'no bid, no estimate');
});
