// Chromium for the browser benchmarks (weight, LCP), launched as the browser tests launch it: the system's
// Chromium (CHROMIUM_PATH), without the background traffic that would flood a closed network.
import { chromium, type Browser } from 'playwright';

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
