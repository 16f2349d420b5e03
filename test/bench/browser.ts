// Chromium for the browser benchmarks (weight, LCP), launched as the browser tests launch it: the system's
// Chromium (CHROMIUM_PATH), without the background traffic that would flood a closed network.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The phone profile of ../shared/MEASURE.md ("phone paint"): 412x823, mobile, touch; 150 ms latency, 9 Mbit/s
 * down, 1.5 Mbit/s up; CPU 4x slower. */
export const PHONE = { width: 412, height: 823, latencyMs: 150, downMbit: 9, upMbit: 1.5, cpuSlowdown: 4 } as const;
export const phoneProfileText = `${PHONE.width}x${PHONE.height}, CPU ${PHONE.cpuSlowdown}x slower, ${PHONE.latencyMs} ms latency, ${PHONE.downMbit} Mbit/s down, ${PHONE.upMbit} up`;

/** A fresh context and page under the phone profile (a first visit: no cache, no cookies). */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  const bytesPerSecond = (mbit: number) => (mbit * 1024 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latencyMs, downloadThroughput: bytesPerSecond(PHONE.downMbit), uploadThroughput: bytesPerSecond(PHONE.upMbit) });
  return { context, page, cdp };
}

/** The phone the weight bench loads pages as (375x812): script bytes do not depend on the viewport. */
export const WEIGHT_CONTEXT = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

/**
 * JavaScript a page fetches as a phone's browser loads it without interaction (../shared/MEASURE.md): a fresh
 * context (no cache) loads `url`, and the encoded bytes of every script response are summed until the page
 * has hydrated and the network is idle again. The page's own chunks load while it hydrates (after the first
 * paint, on a busy machine possibly after a quiet moment), hence the second wait. `landed` sees the answer
 * and the address the page ended on before anything is counted (a guard that redirected measures the
 * wrong page) and throws to refuse it.
 */
export async function scriptBytes(browser: Browser, url: string, contextOptions: Parameters<Browser['newContext']>[0] = {}, landed?: (status: number | undefined, at: URL) => void): Promise<{ bytes: number; files: number }> {
  const context = await browser.newContext({ ...WEIGHT_CONTEXT, ...contextOptions });
  try {
    const tab = await context.newPage();
    const scripts: Promise<number>[] = [];
    tab.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => s.responseBodySize));
    });
    const res = await tab.goto(url, { waitUntil: 'networkidle' });
    landed?.(res?.status(), new URL(tab.url()));
    await tab.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(500);
    return { bytes: (await Promise.all(scripts)).reduce((a, b) => a + b, 0), files: scripts.length };
  } finally {
    await context.close();
  }
}
