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
