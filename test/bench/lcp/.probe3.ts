import { chromium } from 'playwright';
const [port, path] = [process.argv[2], process.argv[3]];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let k = 0; k < 2; k++) {
const c = await b.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const p = await c.newPage();
const cdp = await c.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 9 * 1024 * 1024 / 8, uploadThroughput: 9 * 1024 * 1024 / 8 });
await p.addInitScript(() => { (window as any).__e = []; new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__e.push([e.entryType, Math.round(e.startTime), e.element?.tagName, e.size]); }).observe({ type: 'largest-contentful-paint', buffered: true });
 new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__e.push([e.name, Math.round(e.startTime)]); }).observe({ type: 'paint', buffered: true });
 document.addEventListener('DOMContentLoaded', () => (window as any).__e.push(['dcl', Math.round(performance.now())]));
});
await p.goto(`http://ch.localhost:${port}${path}`, { waitUntil: 'networkidle' });
await p.waitForTimeout(500);
const r = await p.evaluate(() => ({ e: (window as any).__e, nav: performance.getEntriesByType('navigation').map((n: any) => [Math.round(n.requestStart), Math.round(n.responseStart), Math.round(n.responseEnd)]), res: performance.getEntriesByType('resource').map((r: any) => [r.name.replace(/^.*\//, '').slice(0, 28), Math.round(r.startTime), Math.round(r.responseEnd), r.transferSize]).sort((a: any, b: any) => a[2] - b[2]).slice(0, 40) }));
console.log(JSON.stringify(r.e), JSON.stringify(r.nav));
for (const x of r.res) console.log('  ', x.join(' '));
await c.close();
}
await b.close();
