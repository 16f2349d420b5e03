// Issue 14 in the browser: the order placed is the order reviewed. A customer reviews the order, a second
// tab (another page of the same browser) sets 7 pieces, and placing in the first tab orders nothing: the
// review shows what changed, with the focus on that notice, and the order goes out (for 7 pieces) only when
// the customer places it again. The review says where the confirmation goes.
import type { Page } from '@playwright/test';
import { test, expect, url, placeOrder, hydrated, ignoreApiAnswers, reviewPickupOrder } from './fixtures.ts';

async function activeCarts(page: Page) {
  return page.evaluate(() => fetch('/api/carts', { headers: { accept: 'application/json' } })
    .then((r) => r.json() as Promise<{ carts: { lineItems: { quantity: number }[] }[] }>));
}

test('a quantity changed in a second tab after the review is shown, and nothing is ordered until the customer places again', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  const host = 'ch.localhost';
  await reviewPickupOrder(page, host);
  await expect(page.getByTestId('confirmation-email')).toHaveText('Die Bestellbestätigung geht an anna.muster@example.ch.');
  for (const name of [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /Stornobedingungen/]) await page.getByRole('checkbox', { name }).check();

  // the second tab: the cart page, 7 pieces
  const second = await page.context().newPage();
  await second.goto(url(host, '/warenkorb'));
  await hydrated(second);
  const quantity = second.getByRole('spinbutton', { name: 'Menge von Krügerrand 1 Unze Gold' });
  await quantity.fill('7');
  await quantity.press('Enter');
  await expect(second.getByTestId('cart-count-buy')).toHaveText('7');
  await second.close();

  // back in the first tab: placing what was reviewed (1 piece) orders nothing and says what changed
  await page.bringToFront();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  const notice = page.getByRole('region', { name: 'Ihr Warenkorb hat sich seit Ihrer Prüfung geändert' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(notice).toContainText('Krügerrand 1 Unze Gold: 7 Stück statt 1');
  await expect(notice).toContainText('Es wurde noch nichts bestellt');
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  const carts = await activeCarts(page);
  expect(carts.carts.map((c) => c.lineItems[0]?.quantity), 'the cart is still there, not ordered').toEqual([7]);
  await axe();

  // asked again: the customer places the order as it is now
  await placeOrder(page, 'Zahlungspflichtig bestellen');
  await expect(page.getByTestId('order-number')).toHaveText(/^CH-B-\d{4}-\d{6}$/);
  expect((await activeCarts(page)).carts, 'the ordered cart is gone').toEqual([]);
  ignoreApiAnswers(consoleErrors, [409]);
});
