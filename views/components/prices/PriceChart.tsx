// The metal price chart (spec 2: 1 week, 6 months, 1 year; gold, silver, platinum, palladium; per troy
// ounce in the store's currency). One component for product pages and the CMS block metal_price_chart.
// Accessible: real buttons with aria-pressed choose metal and period; the drawing is an image with a
// name and a description (the period's figures in words); the figures are also a table in a <details>.
// The server renders a stable placeholder of the same size; the series loads and d3 draws after mount.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MetalName, SnapshotRange } from '../../../src/contracts/prices.ts';
import type { StoreSnapshotsResponse } from '../../../src/contracts/price-stream.ts';
import { useShop, type Shop } from '../../lib/context.tsx';
import { usePriceChart } from '../../hooks/usePriceChart.ts';
import { useHydrated, usePriceCurrency } from '../../hooks/usePrices.ts';
import { chartRanges, formatAxisMoney, formatChange, metalOrder } from './format.ts';

export { chartRanges };
import { ScrollRegion } from '../ScrollRegion.tsx';


/** What the chart says once its series arrived in the browser (shop.uses). */
const chartKeys = ['prices.chart.summary', 'prices.chart.showTable', 'prices.chart.tableCaption', 'prices.chart.date', 'prices.chart.price'];

export interface PriceChartProps {
  metal?: MetalName;
  range?: SnapshotRange;
  /** a heading of its own (CMS headline); default: "<metal> price per troy ounce" */
  title?: string;
  headingLevel?: 2 | 3;
  /** metals offered; a product page may offer its own metal only */
  metals?: MetalName[];
}

type Point = StoreSnapshotsResponse['points'][number];

function timeZone(shop: Shop) {
  return shop.locale === 'en-US' ? 'America/New_York' : 'Europe/Zurich';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date formatter of the shop's locale and zone, built once per locale and options (a table row asked
 * for its own before: building an Intl formatter costs far more than using it). */
function dateFormat(shop: Shop, opts: Intl.DateTimeFormatOptions) {
  const options = { timeZone: timeZone(shop), ...opts };
  const key = `${shop.locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(shop.locale, options);
    dateFormats.set(key, f);
  }
  const format = f;
  return (t: number) => format.format(new Date(t));
}

/** Table rows: the last quote of each day (1 week) or of each week (6 months, 1 year), latest first. */
export function tableRows(points: Point[], range: SnapshotRange): Point[] {
  const span = range === '1w' ? 86_400_000 : 7 * 86_400_000;
  // weeks start on Monday: 1970-01-05 was one
  const origin = range === '1w' ? 0 : Date.UTC(1970, 0, 5);
  const last = new Map<number, Point>();
  for (const p of points) last.set(Math.floor((p.t - origin) / span), p);
  return [...last.values()].reverse();
}

export function PriceChart(props: PriceChartProps) {
  const shop = useShop();
  const { t } = shop;
  const currency = usePriceCurrency();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const metals = props.metals ?? metalOrder;
  const [metal, setMetal] = useState<MetalName>(props.metal ?? metals[0] ?? 'gold');
  const [range, setRange] = useState<SnapshotRange>(props.range ?? '6m');
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  // The series and d3 (its own chunk) load when the chart comes near the screen: a page whose chart is
  // further down does not pay for it before the visitor scrolls there.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setSize({ width: Math.round(box.clientWidth), height: Math.round(box.clientHeight) });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    // a browser without the observer draws at once
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return () => ro.disconnect();
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        io.disconnect();
      }
    }, { rootMargin: '300px 0px' });
    io.observe(box);
    return () => {
      ro.disconnect();
      io.disconnect();
    };
  }, []);

  const hydrated = useHydrated();
  shop.uses(chartKeys);
  const { data, error } = usePriceChart(metal, range, near ? size.width : 0);
  const points = data && data.metal === metal && data.range === range && data.currency === currency ? data.points : null;

  useEffect(() => {
    const el = svgRef.current;
    if (!el || !points || size.width === 0) return;
    let cancelled = false;
    void import('./draw-chart.ts').then(({ drawChart }) => {
      if (cancelled) return;
      drawChart(el, points, {
        width: size.width,
        height: size.height,
        money: (c) => shop.money(c, currency),
        axisMoney: (c, digits) => formatAxisMoney(c, currency, shop.locale, digits),
        // axis ticks sit on UTC day and month boundaries (scaleUtc): label them in UTC, or New York would
        // call 1 June "May"
        tickDate: range === '1w' ? dateFormat(shop, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }) : range === '6m' ? dateFormat(shop, { month: 'short', timeZone: 'UTC' }) : dateFormat(shop, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
        tooltipDate: range === '1w' ? dateFormat(shop, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : (x) => shop.date(x),
        uid,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [points, size.width, size.height, range, currency, shop, uid]);

  const summary = useMemo(() => {
    if (!points || points.length < 2) return null;
    const first = points[0];
    const last = points[points.length - 1];
    let low = first;
    let high = first;
    for (const p of points) {
      if (p.centAmount < low.centAmount) low = p;
      if (p.centAmount > high.centAmount) high = p;
    }
    const bp = Math.round(((last.centAmount - first.centAmount) / first.centAmount) * 10_000);
    return t('prices.chart.summary', {
      from: shop.date(first.t),
      to: shop.date(last.t),
      low: shop.money(low.centAmount, currency),
      high: shop.money(high.centAmount, currency),
      last: shop.money(last.centAmount, currency),
      change: formatChange(bp, shop.locale),
    });
  }, [points, shop, currency, t]);

  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const title = props.title || t(`prices.chart.titles.${metal}`);
  const metalLabel = t(`prices.metal.${metal}`);
  const rangeLabel = t(`prices.chart.ranges.${range}`);
  const state = error ? 'error' : points ? 'ready' : 'loading';

  return (
    <section className="price-chart" aria-labelledby={`${uid}-title`} data-state={state}>
      <div className="price-chart-head">
        <Heading id={`${uid}-title`} className="price-chart-title">
          {title} <span className="price-chart-currency">({currency})</span>
        </Heading>
        <div className="price-chart-controls">
          {metals.length > 1 ? (
            <div role="group" aria-label={t('prices.chart.metal')} className={`segmented segmented-${metals.length}`}>
              {metals.map((m) => (
                <button key={m} type="button" className="segmented-button" aria-pressed={m === metal} onClick={() => setMetal(m)}>
                  {t(`prices.metal.${m}`)}
                </button>
              ))}
            </div>
          ) : null}
          <div role="group" aria-label={t('prices.chart.range')} className="segmented">
            {chartRanges.map((r) => (
              <button key={r} type="button" className="segmented-button" aria-pressed={r === range} onClick={() => setRange(r)}>
                {t(`prices.chart.ranges.${r}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <figure className="price-chart-figure">
        <div className="price-chart-canvas" ref={boxRef} aria-busy={hydrated && near && state === 'loading' ? true : undefined}>
          {/* d3 owns the svg's content (draw-chart.ts); its name and description are attributes */}
          <svg
            ref={svgRef}
            className="price-chart-svg"
            role="img"
            aria-label={t('prices.chart.imageName', { metal: metalLabel, range: rangeLabel, currency })}
            aria-describedby={`${uid}-desc`}
            focusable="false"
          />
          {state !== 'ready' ? (
            <p className="price-chart-status">{state === 'error' ? t('prices.chart.error') : t('prices.chart.loading')}</p>
          ) : null}
        </div>
        <figcaption id={`${uid}-desc`} className="price-chart-caption">
          {summary ?? t('prices.chart.perOunceNote', { currency })}
        </figcaption>
      </figure>
      {points ? (
        <details className="price-chart-table disclosure">
          <summary>{t('prices.chart.showTable')}</summary>
          <ScrollRegion label={t('prices.chart.tableCaption', { metal: metalLabel, range: rangeLabel, currency })}>
            <table className="data-table">
              <caption>{t('prices.chart.tableCaption', { metal: metalLabel, range: rangeLabel, currency })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('prices.chart.date')}</th>
                  <th scope="col" className="num">{t('prices.chart.price')}</th>
                </tr>
              </thead>
              <tbody>
                {tableRows(points, range).map((p) => (
                  <tr key={p.t}>
                    <th scope="row">{range === '1w' ? dateFormat(shop, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' })(p.t) : shop.date(p.t)}</th>
                    <td className="num">{shop.money(p.centAmount, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      ) : null}
    </section>
  );
}

export default PriceChart;
