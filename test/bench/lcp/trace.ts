// A diagnostic beside bench:lcp: one cold load of a page of a running shop under the same phone profile,
// with a Chromium trace; prints where the renderer's main thread spent its time before the first paint
// and the LCP, and writes the trace (open it in Chrome DevTools' Performance panel).
// Usage: npx tsx test/bench/lcp/trace.ts http://ch.localhost:7540/ /tmp/trace.json
import { readFileSync, writeFileSync } from 'node:fs';
import { launchBenchBrowser, phonePage } from '../browser.ts';

const [url, out = '/tmp/lcp-trace.json', extraCss = ''] = process.argv.slice(2);
const browser = await launchBenchBrowser();
try {
  const { page } = await phonePage(browser);
  // an experiment: CSS appended to the shop's stylesheet (what would a rule change do to the paint?)
  if (extraCss) {
    await page.route('**/*.css', async (route) => {
      const file = new URL(route.request().url()).pathname;
      await route.fulfill({ contentType: 'text/css', body: readFileSync(`public${file}`, 'utf8') + extraCss });
    });
  }
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8.execute'] });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForTimeout(2500);
  const buf = await browser.stopTracing();
  writeFileSync(out, buf);
  const events = (JSON.parse(buf.toString()) as { traceEvents: { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: { url?: string; frame?: string } } }[] }).traceEvents;
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
  const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? nav?.ts ?? 0;
  const mark = (n: string) => events.filter((e) => e.name === n).map((e) => ((e.ts - t0) / 1000).toFixed(0));
  console.log('firstContentfulPaint', mark('firstContentfulPaint').join(' '), ' largestContentfulPaint::Candidate', mark('largestContentfulPaint::Candidate').join(' '));
  // the renderer's main thread: where the paint marks are
  const main = events.find((e) => e.name === 'firstContentfulPaint');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? Infinity;
  const lcp = Math.max(...events.filter((e) => e.name === 'largestContentfulPaint::Candidate').map((e) => e.ts));
  const sum = new Map<string, number>();
  const list: string[] = [];
  for (const e of events) {
    if (!main || e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur || e.ts > lcp) continue;
    if (e.dur > 15000) list.push(`${((e.ts - t0) / 1000).toFixed(0)}+${(e.dur / 1000).toFixed(0)} ${e.name} ${e.args?.data?.url ?? ''}`);
    sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur / 1000);
  }
  console.log('main thread, until LCP (ms, nested events counted in each):', [...sum].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, d]) => `${n} ${d.toFixed(0)}`).join(', '));
  console.log('long events (start+duration ms):\n ' + list.join('\n '));
  const layouts = events.filter((e) => e.name === 'Layout' && e.pid === main?.pid && e.tid === main?.tid && e.ts <= lcp);
  console.log('FCP at', ((fcp - t0) / 1000).toFixed(0), 'layouts until LCP:', layouts.map((e) => ((e.dur ?? 0) / 1000).toFixed(0)).join(' '));
} finally {
  await browser.close();
}
