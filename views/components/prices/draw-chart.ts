// Draws the price chart with d3 into an <svg> the React component owns. Loaded on demand after mount
// (its own chunk with d3), so pages without a chart never download d3 and the server renders only a
// stable placeholder. Colours come from CSS classes (the CSP allows no inline style attributes).
import { area, axisBottom, axisRight, bisector, curveMonotoneX, extent, line, max, min, pointer, scaleLinear, scaleUtc, select } from 'd3';

export interface DrawPoint {
  t: number;
  centAmount: number;
}

export interface DrawOptions {
  width: number;
  height: number;
  /** "CHF 3'412.50" */
  money(cents: number): string;
  /** "CHF 3'400", or with cents when ticks are less than one unit apart */
  axisMoney(cents: number, fractionDigits: 0 | 2): string;
  /** axis and tooltip dates */
  tickDate(t: number): string;
  tooltipDate(t: number): string;
  /** unique per chart on the page (gradient id) */
  uid: string;
}

const bisect = bisector<DrawPoint, number>((d) => d.t).center;

export function drawChart(el: SVGSVGElement, points: DrawPoint[], o: DrawOptions) {
  const svg = select(el);
  svg.selectAll('*').remove();
  svg.attr('viewBox', `0 0 ${o.width} ${o.height}`).attr('width', o.width).attr('height', o.height);
  if (points.length < 2) return;

  const narrow = o.width < 480;
  const m = { top: 14, right: narrow ? 58 : 76, bottom: 28, left: 6 };
  const [t0, t1] = extent(points, (d) => d.t) as [number, number];
  const lo = min(points, (d) => d.centAmount) ?? 0;
  const hi = max(points, (d) => d.centAmount) ?? 1;
  const pad = Math.max((hi - lo) * 0.08, hi * 0.002);
  const x = scaleUtc().domain([t0, t1]).range([m.left, o.width - m.right]);
  const y = scaleLinear().domain([lo - pad, hi + pad]).nice(5).range([o.height - m.bottom, m.top]);

  const gradientId = `chart-fill-${o.uid}`;
  const grad = svg.append('defs').append('linearGradient').attr('id', gradientId).attr('x1', 0).attr('x2', 0).attr('y1', 0).attr('y2', 1);
  grad.append('stop').attr('offset', '0%').attr('class', 'chart-fill-top');
  grad.append('stop').attr('offset', '100%').attr('class', 'chart-fill-bottom');

  const yTicks = y.ticks(narrow ? 4 : 5);
  const fractionDigits = yTicks.length > 1 && yTicks[1] - yTicks[0] < 100 ? 2 : 0;
  svg
    .append('g')
    .attr('class', 'chart-grid')
    .selectAll('line')
    .data(yTicks)
    .join('line')
    .attr('x1', m.left)
    .attr('x2', o.width - m.right)
    .attr('y1', (d) => y(d))
    .attr('y2', (d) => y(d));

  svg
    .append('path')
    .datum(points)
    .attr('class', 'chart-area')
    .attr('fill', `url(#${gradientId})`)
    .attr('d', area<DrawPoint>().curve(curveMonotoneX).x((d) => x(d.t)).y0(y(y.domain()[0])).y1((d) => y(d.centAmount)));

  svg
    .append('path')
    .datum(points)
    .attr('class', 'chart-line')
    .attr('fill', 'none')
    .attr('d', line<DrawPoint>().curve(curveMonotoneX).x((d) => x(d.t)).y((d) => y(d.centAmount)));

  svg
    .append('g')
    .attr('class', 'chart-axis chart-axis-y')
    .attr('transform', `translate(${o.width - m.right + 6},0)`)
    .call(axisRight(y).tickValues(yTicks).tickSize(0).tickPadding(4).tickFormat((d) => o.axisMoney(Number(d), fractionDigits)))
    .call((g) => g.select('.domain').remove());

  svg
    .append('g')
    .attr('class', 'chart-axis chart-axis-x')
    .attr('transform', `translate(0,${o.height - m.bottom})`)
    .call(axisBottom(x).ticks(Math.max(2, Math.floor((o.width - m.left - m.right) / (narrow ? 80 : 110)))).tickSizeOuter(0).tickFormat((d) => o.tickDate(+d)));

  // Pointer read-out for mouse and touch users; the same figures are in the data table for everyone else.
  const focus = svg.append('g').attr('class', 'chart-focus').attr('visibility', 'hidden');
  focus.append('line').attr('class', 'chart-focus-line').attr('y1', m.top).attr('y2', o.height - m.bottom);
  focus.append('circle').attr('class', 'chart-focus-dot').attr('r', 4.5);
  const tip = focus.append('g').attr('class', 'chart-tip');
  const tipBox = tip.append('rect').attr('rx', 4).attr('height', 40);
  const tipPrice = tip.append('text').attr('class', 'chart-tip-price').attr('x', 8).attr('y', 17);
  const tipDate = tip.append('text').attr('class', 'chart-tip-date').attr('x', 8).attr('y', 32);

  svg
    .append('rect')
    .attr('class', 'chart-overlay')
    .attr('fill', 'transparent')
    .attr('x', m.left)
    .attr('y', m.top)
    .attr('width', Math.max(0, o.width - m.left - m.right))
    .attr('height', Math.max(0, o.height - m.top - m.bottom))
    .on('pointerenter pointermove', (event: PointerEvent) => {
      const [px] = pointer(event, el);
      const i = Math.max(0, Math.min(points.length - 1, bisect(points, x.invert(px).getTime())));
      const d = points[i];
      const cx = x(d.t);
      const cy = y(d.centAmount);
      focus.attr('visibility', 'visible');
      focus.select('.chart-focus-line').attr('x1', cx).attr('x2', cx);
      focus.select('.chart-focus-dot').attr('cx', cx).attr('cy', cy);
      tipPrice.text(o.money(d.centAmount));
      tipDate.text(o.tooltipDate(d.t));
      const w = Math.max((tipPrice.node()?.getComputedTextLength() ?? 80), (tipDate.node()?.getComputedTextLength() ?? 60)) + 16;
      tipBox.attr('width', w);
      const tx = cx + 12 + w > o.width - m.right ? cx - 12 - w : cx + 12;
      const ty = Math.max(m.top, Math.min(cy - 48, o.height - m.bottom - 44));
      tip.attr('transform', `translate(${tx},${ty < m.top ? cy + 10 : ty})`);
    })
    .on('pointerleave', () => focus.attr('visibility', 'hidden'));
}
