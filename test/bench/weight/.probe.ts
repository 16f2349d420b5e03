import { chromium } from 'playwright';
const port = Number(process.argv[2]);
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const path of paths) {
  const ctx = await browser.newContext();
  const tab = await ctx.newPage();
  tab.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('  console', m.type(), m.text().slice(0, 300)); });
  tab.on('pageerror', (e) => console.log('  pageerror', e.message.slice(0, 300)));
  const files: string[] = [];
  tab.on('requestfinished', async (r) => { if (r.resourceType() === 'script') files.push(r.url().replace(/^.*\/build\//, '') + ' ' + (await r.sizes()).responseBodySize); });
  await tab.goto(`http://ch.localhost:${port}${path}`, { waitUntil: 'networkidle' });
  console.log(path, 'hydrated=', await tab.evaluate(() => document.documentElement.dataset.hydrated));
  console.log('  ', files.join(' | '));
  await ctx.close();
}
await browser.close();
