// Issue 28, "looks foreign": a hydration mismatch was logged on the price list. Its German and English pages
// hydrate without one, on a desktop and on a phone: the fixture fails a test on any console error and on
// warnings that mention hydration; this test also waits for the live prices to fill the table (the render
// after hydration), so a mismatch React reports late is caught too. (axe on the price list: prices.pw.ts.)
import { test, expect, url, hydrated } from './fixtures.ts';

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const pages = [['de.localhost', '/preisliste'], ['de.localhost', '/en/pricelist'], ['ch.localhost', '/preisliste/gold'], ['us.localhost', '/en/pricelist']] as const;

for (const [name, size] of Object.entries(viewports)) {
  for (const [host, path] of pages) {
    test(`${host}${path} hydrates without a mismatch (${name})`, async ({ page, consoleErrors }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.goto(url(host, path));
      await hydrated(page);
      await expect(page.getByTestId('pricelist-buy').first()).toHaveText(/\d/, { timeout: 30_000 });
      expect(consoleErrors.filter((e) => /hydrat|did not match|server rendered|#418|#423|#425/i.test(e))).toEqual([]);
    });
  }
}
