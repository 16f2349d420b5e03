// Quantities in the browser (issue 17), at 1280x800 and 375x812: on the product page a quantity outside
// 1..10,000 adds nothing and says so at the field; in the cart, 0 and 100,000 are refused with the same kind
// of message (0 points to "Remove"), Enter applies a valid quantity, and the cart stays as it was; the cart
// maximum names its amount with the currency; after adding, Tab from the add button reaches "View cart".
// axe on each state. Screenshots go to QTY_SHOTS (default /tmp/qty-shots) for a look by eye.
import { mkdirSync } from 'node:fs';
import { test, expect, url, consentDecided, hydrated, ignoreApiAnswers } from './fixtures.ts';

const SHOTS = process.env.QTY_SHOTS ?? '/tmp/qty-shots';
mkdirSync(SHOTS, { recursive: true });

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(size, () => {
    test.use({ viewport });

    test(`product page: 0, 10,001 and empty add nothing and name the range (${size})`, async ({ page, axe }) => {
      await consentDecided(page);
      await page.goto(url('us.localhost', '/en/product/krugerrand-1-oz-gold'));
      await hydrated(page);
      await expect(page.getByTestId('cart-count-buy')).toHaveText('0');
      const field = page.getByRole('spinbutton', { name: 'Quantity' });
      const add = page.getByRole('button', { name: /^Add to cart\s*:\s*Krugerrand 1 oz Gold$/ });
      for (const typed of ['0', '10001', '']) {
        await field.fill(typed);
        await add.click();
        const message = page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
        await expect(message).toHaveText('! Please enter a whole number from 1 to 10,000.');
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toBeFocused();
      }
      await expect(page.getByTestId('cart-notice')).toHaveCount(0);
      await expect(page.getByTestId('cart-count-buy')).toHaveText('0', { timeout: 1000 });
      await axe();
      await field.fill('0');
      await add.click();
      await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/product-quantity-0-${size}.png` });

    });

    test(`product page: after adding, Tab from the add button reaches "View cart" (${size})`, async ({ page, axe }) => {
      await consentDecided(page);
      await page.goto(url('us.localhost', '/en/product/krugerrand-1-oz-gold'));
      await hydrated(page);
      const field = page.getByRole('spinbutton', { name: 'Quantity' });
      const add = page.getByRole('button', { name: /^Add to cart\s*:\s*Krugerrand 1 oz Gold$/ });
      await field.fill('2');
      await add.click();
      const notice = page.getByTestId('cart-notice');
      await expect(notice).toContainText('Krugerrand 1 oz Gold (2) was added to your cart.');
      await expect(page.getByTestId('cart-count-buy')).toHaveText('2');
      await add.focus();
      await page.keyboard.press('Tab');
      await expect(notice.getByRole('link', { name: 'View cart' })).toBeFocused();
      await axe();
      await page.screenshot({ path: `${SHOTS}/product-added-tab-${size}.png` });
    });

    test(`cart: 0 and 100,000 are refused at the field, Enter applies a valid quantity, the maximum names its currency (${size})`, async ({ page, axe, consoleErrors }) => {
      await consentDecided(page);
      await page.goto(url('us.localhost', '/en/product/krugerrand-1-oz-gold'));
      await hydrated(page);
      await page.getByRole('button', { name: /^Add to cart\s*:\s*Krugerrand 1 oz Gold$/ }).click();
      await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
      await page.getByTestId('cart-notice').getByRole('link', { name: 'View cart' }).click();
      await expect(page).toHaveURL(url('us.localhost', '/en/cart?type=buy'));
      const field = page.getByRole('spinbutton', { name: 'Quantity of Krugerrand 1 oz Gold' });
      await expect(field).toHaveValue('1');

      await field.fill('0');
      await field.press('Enter');
      const described = async () => page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
      await expect(await described()).toHaveText('! Please enter a whole number from 1 to 10,000. To take this product out of your cart, use “Remove”. Your cart is unchanged.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await axe();
      await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/cart-quantity-0-${size}.png` });

      await field.fill('100000');
      await field.press('Enter');
      await expect(await described()).toHaveText('! Please enter a whole number from 1 to 10,000. Your cart is unchanged.');
      await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
      await axe();
      await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/cart-quantity-100000-${size}.png` });

      await field.fill('3');
      await field.press('Enter');
      await expect(page.getByTestId('cart-count-buy')).toHaveText('3');
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');

      // 200 Krugerrands are far above 500,000: the service refuses, the page says the maximum in dollars
      await field.fill('200');
      await field.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'Cart limit exceeded' })).toHaveText('Cart limit exceeded: a cart can hold at most $500,000.00.');
      await expect(page.getByTestId('cart-count-buy')).toHaveText('3');
      ignoreApiAnswers(consoleErrors, [409]);
      await axe();
      await page.screenshot({ path: `${SHOTS}/cart-limit-${size}.png` });
    });
  });
}

// The Swiss store in German: the same refusals in German, and the cart maximum in francs as the store writes
// amounts (CHF 500'000.00), not a bare number
test.describe('1280x800 German, CHF', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('cart on the Swiss store: 0 and 100,000 are refused in German, the maximum is named in CHF; the cart is unchanged', async ({ page, axe, consoleErrors }) => {
    await consentDecided(page);
    await page.goto(url('ch.localhost', '/produkt/kruegerrand-1-unze-gold'));
    await hydrated(page);
    await page.getByRole('button', { name: /^In den Warenkorb\s*:\s*Krügerrand 1 Unze Gold$/ }).click();
    await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
    await page.getByTestId('cart-notice').getByRole('link', { name: 'Zum Warenkorb' }).click();
    await expect(page).toHaveURL(url('ch.localhost', '/warenkorb?type=buy'));
    const field = page.getByRole('spinbutton', { name: 'Menge von Krügerrand 1 Unze Gold' });
    await expect(field).toHaveValue('1');
    const described = async () => page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);

    await field.fill('0');
    await field.press('Enter');
    await expect(await described()).toHaveText("! Bitte geben Sie eine ganze Zahl von 1 bis 10'000 ein. Um dieses Produkt aus dem Warenkorb zu nehmen, verwenden Sie „Entfernen“. Ihr Warenkorb ist unverändert.");
    await field.fill('100000');
    await field.press('Enter');
    await expect(await described()).toHaveText("! Bitte geben Sie eine ganze Zahl von 1 bis 10'000 ein. Ihr Warenkorb ist unverändert.");
    await expect(page.getByTestId('cart-count-buy')).toHaveText('1');

    // 200 Krugerrands are far above 500,000 francs
    await field.fill('200');
    await field.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Warenkorblimit' })).toHaveText("Warenkorblimit überschritten: Ein Warenkorb darf höchstens CHF 500'000.00 enthalten.");
    await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
    ignoreApiAnswers(consoleErrors, [409]);
    await axe();
    await page.screenshot({ path: `${SHOTS}/cart-limit-ch-de-1280x800.png` });
  });
});
