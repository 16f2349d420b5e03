// The old-metal calculator (CMS block old_metal_calculator, spec 1: metal, fineness, weight in grams ->
// estimated price): the estimate comes from the current bid prices of the live feed, computed by the one
// shared calculation (src/contracts/scrap.ts) the sell-to-us flow uses too. It always says that the final
// price follows the analysis. Nothing is estimated on the server: prices exist in the browser only.
import { useId, useState } from 'react';
import type { Block } from '../../src/contracts/content.ts';
import { scrapEstimateCents, scrapFinenessOptions, scrapMetals, scrapSpotMetal, SCRAP_MAX_GRAMS, type ScrapMetal } from '../../src/contracts/scrap.ts';
import { useShop } from '../lib/context.tsx';
import { useMetalPrices, usePriceCurrency } from '../../client/hooks/usePrices.ts';
import { spot } from '../components/prices/format.ts';
import { formatNumber } from '../../src/i18n.ts';

/** The hallmark most scrap of a metal carries, preselected. */
const commonFineness: Record<ScrapMetal, number> = { gold: 585, silver: 925, platinum: 950, palladium: 950, 'dental-gold': 750 };

/** "12,5" and "12.5" alike; null for anything that is not a plain positive number. */
export function parseGrams(raw: string): number | null {
  const s = raw.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= SCRAP_MAX_GRAMS ? n : null;
}

export function OldMetalCalculator({ block }: { block: Extract<Block, { type: 'old_metal_calculator' }> }) {
  const shop = useShop();
  const { t } = shop;
  const id = useId();
  const [metal, setMetal] = useState<ScrapMetal>(block.defaultMetal);
  const [fineness, setFineness] = useState<number>(commonFineness[block.defaultMetal]);
  const [grams, setGrams] = useState('');
  const [touched, setTouched] = useState(false);
  const { data } = useMetalPrices();
  const currency = usePriceCurrency();

  const weight = parseGrams(grams);
  const bid = spot(data?.metals.find((m) => m.name === scrapSpotMetal(metal)), currency, 'bid');
  const estimate = weight !== null && bid !== null ? scrapEstimateCents({ metal, fineness, weightGrams: weight }, bid) : null;
  const invalid = touched && grams.trim() !== '' && weight === null;

  const chooseMetal = (m: ScrapMetal) => {
    setMetal(m);
    setFineness(commonFineness[m]);
  };

  let result: string;
  if (weight === null) result = t('calculator.enterWeight');
  else if (bid === null) result = t('prices.loading');
  else result = t('calculator.estimate', { amount: shop.money(estimate ?? 0, currency) });

  return (
    <section className="block container calculator" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{block.headline}</h2>
      {block.text ? <p className="lead">{block.text}</p> : null}
      <form className="calculator-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-metal`}>{t('calculator.metal')}</label>
          <select id={`${id}-metal`} value={metal} onChange={(e) => chooseMetal(e.target.value as ScrapMetal)}>
            {scrapMetals.map((m) => (
              <option key={m} value={m}>{t(`sell.metal.${m}`)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-fineness`}>{t('calculator.fineness')}</label>
          <select id={`${id}-fineness`} value={fineness} onChange={(e) => setFineness(Number(e.target.value))}>
            {scrapFinenessOptions[metal].map((f) => (
              <option key={f} value={f}>{t('calculator.finenessOption', { fineness: f })}</option>
            ))}
          </select>
        </div>
        <div className={`field${invalid ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={`${id}-grams`}>{t('calculator.weight')}</label>
          <input
            id={`${id}-grams`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={grams}
            onChange={(e) => setGrams(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
          />
          {invalid ? <p className="field-error" id={`${id}-error`}>{t('calculator.invalidWeight', { max: formatNumber(SCRAP_MAX_GRAMS, shop.locale) })}</p> : null}
        </div>
      </form>
      <output className="calculator-result" htmlFor={`${id}-metal ${id}-grams`} aria-live="polite" data-testid="calculator-result">
        {result}
      </output>
      <p className="calculator-note">{t('calculator.note')}</p>
    </section>
  );
}
