// Sell scrap to us (spec 1, 3: metal gold, silver, platinum, palladium, dental gold; fineness; weight in
// grams or ounces; an estimated price): a live estimate from the current bid prices of the price hub, with
// the one calculation the service prices scrap lines with (src/contracts/scrap.ts), and "add to the sell
// cart" (one item per scrap line, spec 3). The estimate appears in the browser only (prices are never in
// the server's HTML); it is an <output>, so screen readers hear it when it changes.
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ouncesToGrams, scrapEstimateCents, scrapFinenessOptions, scrapMetals, scrapSpotMetal, type ScrapMetal,
} from '../../../src/contracts/scrap.ts';
import { useMetalPrices, usePriceCurrency } from '../../hooks/usePrices.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { formatNumber } from '../../../src/i18n.ts';

/** the service's limit per scrap item */
const MAX_GRAMS = 100_000;

/** Karat of the usual gold hallmarks, shown beside the per-mille value. */
const karat: Record<number, number> = { 333: 8, 375: 9, 585: 14, 750: 18, 916: 22, 999: 24, 999.9: 24 };

/** "12,5" and "12.5" are both twelve and a half; anything else that is not a number is NaN. */
export function parseAmount(v: string): number {
  const s = v.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
}

/** A metal's usual fineness, preselected: 585 where it is offered, else the third option (or the last). */
function usualFineness(m: ScrapMetal, current = 585): number {
  const options = scrapFinenessOptions[m];
  return options.includes(current) ? current : options[Math.min(2, options.length - 1)];
}

/** Issue 17: the shop's one scrap calculator, on the sell pages and wherever the CMS places its
 * old_metal_calculator block (views/blocks/OldMetalCalculator.tsx: its headline and preselected metal). */
export function ScrapForm({ idPrefix = 'scrap', defaultMetal = 'gold', title, intro }: { idPrefix?: string; defaultMetal?: ScrapMetal; title?: string; intro?: string }) {
  const { addScrap } = useBrowser().carts;
  const shop = useShop();
  const { t } = shop;
  const uid = `${idPrefix}-${useId().replace(/:/g, '')}`;
  const [metal, setMetal] = useState<ScrapMetal>(defaultMetal);
  const [fineness, setFineness] = useState<number>(() => usualFineness(defaultMetal));
  const [weight, setWeight] = useState('');
  const [unit, setUnit] = useState<'g' | 'oz'>('g');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const { data: metals, refreshing } = useMetalPrices();
  const currency = usePriceCurrency();

  const grams = useMemo(() => {
    const n = parseAmount(weight);
    return Number.isFinite(n) ? (unit === 'oz' ? ouncesToGrams(n) : n) : NaN;
  }, [weight, unit]);
  const bid = metals?.metals.find((m) => m.name === scrapSpotMetal(metal))?.prices.find((p) => p.type === 'bid' && p.currency === currency)?.centAmount ?? null;
  const estimate = bid !== null && grams > 0 && grams <= MAX_GRAMS ? scrapEstimateCents({ metal, fineness, weightGrams: grams }, bid) : null;

  const chooseMetal = (m: ScrapMetal) => {
    setMetal(m);
    setFineness(usualFineness(m, fineness));
  };

  const number = (n: number) => formatNumber(n, shop.locale, 2);
  const name = t('sell.itemName', { metal: t(`sell.metal.${metal}`), fineness: number(fineness), grams: number(Number.isFinite(grams) ? grams : 0) });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setAdded(null);
    if (weight.trim() === '') return setError(t('validation.required'));
    if (!(grams > 0)) return setError(t('sell.weightInvalid'));
    if (grams > MAX_GRAMS) return setError(t('sell.weightTooHigh'));
    setError(null);
    setBusy(true);
    const r = await addScrap({ metal, fineness, weightGrams: Math.round(grams * 100) / 100, name });
    setBusy(false);
    if (r.error) setError(r.error.message);
    else {
      setAdded(name);
      setWeight('');
    }
  };

  const weightId = `${uid}-weight`;
  return (
    <form method="post" className="scrap-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="scrap-form-title">{title ?? t('sell.formTitle')}</h2>
      {intro ? <p className="scrap-form-intro">{intro}</p> : null}
      <fieldset className="field field-radios scrap-metals">
        <legend className="field-label">{t('sell.metalLabel')}</legend>
        <div className="radio-options">
          {scrapMetals.map((m) => (
            <label key={m} className="radio-option">
              <input type="radio" name={`${uid}-metal`} value={m} checked={metal === m} onChange={() => chooseMetal(m)} />
              <span>{t(`sell.metal.${m}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field-row">
        <div className="field field-medium">
          <label className="field-label" htmlFor={`${uid}-fineness`}>{t('sell.finenessLabel')}</label>
          <select id={`${uid}-fineness`} value={String(fineness)} onChange={(e) => setFineness(Number(e.target.value))} aria-describedby={`${uid}-fineness-hint`}>
            {scrapFinenessOptions[metal].map((f) => (
              <option key={f} value={String(f)}>
                {t('sell.finenessValue', { value: formatNumber(f, shop.locale, 1) })}{metal === 'gold' && karat[f] ? ` (${karat[f]} ${t('sell.karat')})` : ''}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${uid}-fineness-hint`}>{t('sell.finenessHint')}</p>
        </div>
        <div className={`field field-medium${error ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={weightId}>{t('sell.weightLabel')}</label>
          <div className="weight-row">
            <input
              id={weightId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={weight}
              onChange={(e) => {
                setWeight(e.target.value);
                setError(null);
              }}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${weightId}-error` : `${weightId}-hint`}
            />
            <label className="visually-hidden" htmlFor={`${uid}-unit`}>{t('sell.unitLabel')}</label>
            <select id={`${uid}-unit`} value={unit} onChange={(e) => setUnit(e.target.value === 'oz' ? 'oz' : 'g')}>
              <option value="g">{t('sell.unit.g')}</option>
              <option value="oz">{t('sell.unit.oz')}</option>
            </select>
          </div>
          {error ? (
            <p className="field-error" id={`${weightId}-error`}><span aria-hidden="true" className="field-error-icon">!</span> {error}</p>
          ) : (
            <p className="field-hint" id={`${weightId}-hint`}>{t('sell.weightHint')}</p>
          )}
        </div>
      </div>
      <div className="scrap-estimate">
        <p className="scrap-estimate-label" id={`${uid}-estimate-label`}>{t('sell.estimateLabel')}</p>
        <output className="scrap-estimate-value" aria-labelledby={`${uid}-estimate-label`} aria-live="polite" data-testid="scrap-estimate">
          {refreshing ? t('prices.refreshing') : estimate !== null ? shop.money(estimate, currency) : bid === null ? '–' : t('sell.estimateEnterWeight')}
        </output>
        <p className="field-hint">{t('sell.estimateHint')}</p>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {busy ? t('sell.adding') : t('sell.add')}
        </button>
      </div>
      {added ? <p className="form-status form-status-ok">{t('sell.added', { name: added })}</p> : null}
    </form>
  );
}
