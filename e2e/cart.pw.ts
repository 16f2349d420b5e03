// Carts and checkout in the browser (issue 9): a guest buys a coin on the US store by bank transfer, start
// to confirmation; a signed-in customer sells scrap gold on the Swiss store with the Scrap Metal Box; a
// price change during the review shows the modal with the new total; the whole checkout works by keyboard
// alone. axe on every page type (the checkout layout included); no console errors beyond the API answers
// a test provokes on purpose.
import type { Locator, Page } from '@playwright/test';
import { test, expect, url, PORT, placeOrder, hydrated, fillFields, ignoreApiAnswers, reviewPickupOrder, CLOCK } from './fixtures.ts';

const PRICES = `http://127.0.0.1:${PORT + 2}`;
const PASSWORD = 'Goldbarren2026';

/** Signs in through the login page (German) and lands on `path`, where the login's redirect leads. */
async function signInOnPage(page: Page, host: string, email: string, path: string) {
  await page.goto(url(host, `/login?redirect=${encodeURIComponent(path)}`));
  await hydrated(page);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(url(host, path));
}

/** Registers and confirms an account through the shop's API and the development mailbox. */
async function registeredCustomer(page: Page, host: string): Promise<string> {
  const email = `e2e.seller.${Date.now()}@example.ch`;
  await page.goto(url(host, '/'));
  await hydrated(page);
  const token = await page.evaluate(async ({ email, password }) => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf };
    const reg = await fetch('/api/register', { method: 'POST', headers, body: JSON.stringify({ email, password, passwordRepeat: password, firstName: 'Anna', lastName: 'Muster' }) });
    if (reg.status !== 201) throw new Error(`register ${reg.status}`);
    const box = (await (await fetch('/dev/mailbox.json')).json()) as { messages: { to: string; text: string }[] };
    const mail = box.messages.find((m) => m.to === email);
    return /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  }, { email, password: PASSWORD });
  expect(token).not.toBe('');
  await page.goto(url(host, `/activate-user?token=${token}`));
  await expect(page.getByRole('status').filter({ hasText: 'Ihre E-Mail-Adresse ist bestätigt' })).toBeVisible();
  return email;
}

test('a guest buys a coin on the US store by bank transfer, from the price list to the confirmation', async ({ page, axe, consoleErrors }) => {
  const host = 'us.localhost';
  await page.goto(url(host, '/en/pricelist/gold?utm_source=newsletter&utm_campaign=krugerrand'));
  await hydrated(page);
  // the header's counts appear after hydration
  await expect(page.getByTestId('cart-count-buy')).toHaveText('0');

  await page.getByRole('button', { name: /^Add to cart\s*:\s*Krugerrand 1 oz Gold$/ }).click();
  const notice = page.getByTestId('cart-notice');
  await expect(notice).toContainText('Krugerrand 1 oz Gold (1) was added to your cart.');
  await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
  // issue 28: the notice goes by itself after a few seconds; the pointer on it holds it while axe runs
  await notice.hover();
  await axe();
  await notice.getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(url(host, '/en/cart?type=buy'));
  await expect(page.getByRole('heading', { level: 1, name: 'Cart: buying' })).toBeVisible();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await page.getByRole('button', { name: /One more of Krugerrand 1 oz Gold/ }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Krugerrand 1 oz Gold' })).toHaveValue('2');
  await expect(page.getByTestId('cart-count-buy')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
  // spec 5 and 8: a coupon that does not exist
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOPE');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Coupon code not found.')).toBeVisible();
  await axe();

  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(url(host, '/en/checkout/buy?step=data'));
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Checkout steps' });
  await expect(steps.getByRole('link', { name: /Cart/ })).toBeVisible();
  await expect(steps.getByRole('link')).toHaveCount(1);
  await axe();
  const dataLayerEvents = () => page.evaluate(() => (window.dataLayer ?? []).map((e) => (e as { event?: string } | null)?.event).filter(Boolean));
  const events = await dataLayerEvents();
  // a URL cannot skip ahead
  await page.goto(url(host, '/en/checkout/buy?step=review'));
  await hydrated(page);
  await expect(page).toHaveURL(url(host, '/en/checkout/buy?step=data'));

  await fillFields(page, [['E-mail address', `ann.smith.${Date.now()}@example.com`], ['First name', 'Ann'], ['Last name', 'Smith'], ['Street address', '350 Fifth Avenue'],
    ['Zip code', '10118'], ['City', 'New York']]);
  await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
  await page.getByRole('button', { name: 'Continue to delivery and payment' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Delivery and payment' })).toBeFocused();
  await expect(page.getByRole('radio', { name: /^PayPal/ })).toBeDisabled();
  await page.getByRole('radio', { name: /^Shipping/ }).check();
  await page.getByRole('radio', { name: /^Bank transfer/ }).check();
  await axe();
  await page.getByRole('button', { name: 'Continue to review' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeFocused();
  await expect(steps.getByRole('link')).toHaveCount(3);
  await page.getByRole('button', { name: 'Place binding order' }).click();
  await expect(page.locator('.form-summary')).toContainText('Please correct 3 fields: Data privacy, Terms and conditions, Cancellation policy.');
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('textbox', { name: /Comment/ }).fill('Please ring twice.');
  await axe();
  await placeOrder(page, 'Place binding order');

  await expect(page).toHaveURL(/\/en\/checkout\/buy\/confirmation\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^US-B-\d{4}-\d{6}$/);
  const bank = page.getByTestId('bank-details');
  await expect(bank).toContainText('Routing number');
  await expect(bank).toContainText(await page.getByTestId('order-number').innerText());
  await expect(steps.getByRole('link')).toHaveCount(0);
  await axe();
  events.push(...await dataLayerEvents());
  for (const e of ['add_to_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info', 'review_order', 'purchase', 'trusted_shops_checkout']) {
    expect(events, `data layer has ${e}`).toContain(e);
  }

  // The old cart is gone for good, also on reload (STYLE: Hydrogen #2524).
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('order-number')).toBeVisible();
  await page.goto(url(host, '/en/cart?type=buy'));
  await hydrated(page);
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  // 404: the coupon that does not exist; 409: 'not equal' if a recalculation came in between (placeOrder)
  ignoreApiAnswers(consoleErrors, [404, 409]);
});

// Issue 14: two tabs of a fresh browser that add at once fill one cart (the page's httpOnly browser key), and
// the guest who then signs in in this browser brings that cart along.
test('two tabs of a guest add at once into one cart, and the cart comes along at sign-in', async ({ page, context }) => {
  const host = 'ch.localhost';
  const email = await registeredCustomer(page, host);
  const other = await context.newPage();
  await other.goto(url(host, '/'));
  await hydrated(other);
  const key = (await context.cookies()).find((c) => c.name === 'ctAnonymousKey');
  expect(key?.httpOnly).toBe(true);
  expect((await context.cookies()).some((c) => c.name === 'ctToken')).toBe(false);
  const add = (p: Page) => p.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const res = await fetch('/api/cart/items', {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 }),
    });
    return res.status;
  });
  expect(await Promise.all([add(page), add(other)])).toEqual([200, 200]);
  await other.close();
  const itemCount = () => page.evaluate(async () => ((await (await fetch('/api/carts')).json()) as { carts: { transactionType: string; itemCount: number }[] })
    .carts.find((c) => c.transactionType === 'buy')?.itemCount ?? 0);
  expect(await itemCount()).toBe(2);
  await signInOnPage(page, host, email, '/');
  expect((await context.cookies()).find((c) => c.name === 'ctTokenLevel')?.value).toBe('User');
  expect(await itemCount()).toBe(2);
});

/** A call of the shop's API from the page (its CSRF cookie); answers the status. */
function apiCall(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(async ({ method, path, body }) => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) });
    return res.status;
  }, { method, path, body });
}

// Issue 14: the merge at sign-in used to add the guest's kilo bars to the account's whatever the sum.
test('a sign-in whose merge would pass 500,000 caps the guest\'s line and says so', async ({ page }) => {
  const host = 'ch.localhost';
  const bars = { transactionType: 'buy', sku: 'AU-BAR-HERAEUS-1KG-CAST', quantity: 3 };
  const email = await registeredCustomer(page, host);
  expect(await apiCall(page, 'POST', '/api/login', { email, password: PASSWORD })).toBe(200);
  expect(await apiCall(page, 'POST', '/api/cart/items', bars)).toBe(200);
  expect(await apiCall(page, 'POST', '/api/logout', {})).toBe(200);
  await page.goto(url(host, '/'));
  await hydrated(page);
  expect(await apiCall(page, 'POST', '/api/cart/items', bars)).toBe(200);
  await signInOnPage(page, host, email, '/');
  await expect(page.getByTestId('cart-notice')).toContainText(/Warenkorblimit überschritten: Ein Warenkorb darf höchstens CHF\s500'000\.00 enthalten\./);
});

test('a signed-in customer sells scrap gold on the Swiss store with the Scrap Metal Box', async ({ page, axe, consoleErrors }) => {
  const host = 'ch.localhost';
  const email = await registeredCustomer(page, host);
  await signInOnPage(page, host, email, '/shop/altgold-ankauf');
  await hydrated(page);

  const form = page.locator('.scrap-form');
  await form.getByRole('radio', { name: 'Gold', exact: true }).check();
  await form.getByRole('combobox', { name: 'Feingehalt' }).selectOption('585');
  await form.getByRole('button', { name: 'In den Verkaufskorb' }).click();
  await expect(form.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Gewicht' }).fill('20,5');
  await expect(page.getByTestId('scrap-estimate')).toHaveText(/^CHF\s[\d']+\.\d\d$/);
  await axe();
  await form.getByRole('button', { name: 'In den Verkaufskorb' }).click();
  await expect(page.getByTestId('cart-count-sell')).toHaveText('1');
  await expect(page.getByTestId('cart-notice')).toContainText('liegt jetzt in Ihrem Verkaufskorb');
  await page.getByTestId('cart-notice').getByRole('link', { name: 'Zum Verkaufskorb' }).click();

  await expect(page).toHaveURL(url(host, '/warenkorb?type=sell'));
  await expect(page.getByTestId('cart-line')).toContainText('Altgold 585/1000, 20,5 g');
  await axe();
  await page.getByRole('link', { name: 'Weiter zum Verkauf' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByTestId('checkout-email')).toHaveText(email);
  await fillFields(page, [['Straße', 'Bahnhofstrasse'], ['Nr.', '12'], ['Postleitzahl', '8001'], ['Ort', 'Zürich']]);
  await axe();
  await page.getByRole('button', { name: 'Weiter zu Lieferung und Auszahlung' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Lieferung und Auszahlung' })).toBeFocused();
  await page.getByRole('radio', { name: /^Altgold-Box/ }).check();
  await page.getByRole('radio', { name: /^Überweisung/ }).check();
  await expect(page.getByRole('textbox', { name: 'Kontoinhaber' })).toHaveValue('Anna Muster');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('CH93 0076 2011 6238 5295 8');
  await page.getByRole('button', { name: 'Weiter zum Prüfen' }).click();
  await expect(page.locator('.form-summary')).toContainText('Bitte korrigieren Sie 1 Feld: IBAN.');
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('CH93 0076 2011 6238 5295 7');
  await axe();
  await page.getByRole('button', { name: 'Weiter zum Prüfen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Prüfen' })).toBeFocused();
  await expect(page.locator('.review-box').nth(1)).toContainText('Altgold-Box');
  for (const name of [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /Stornobedingungen/]) await page.getByRole('checkbox', { name }).check();
  await axe();
  await placeOrder(page, 'Verkauf verbindlich beauftragen');

  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihr Verkauf ist bei uns' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^CH-S-\d{4}-\d{6}$/);
  await expect(page.getByText('Wir senden Ihnen eine versicherte Altgold-Box')).toBeVisible();
  await expect(page.getByText(/Auszahlungskonto: CH93/)).toBeVisible();
  await axe();
  ignoreApiAnswers(consoleErrors, [400, 409]);
});

test('a price change during the review shows the modal with the new total; the price lock offers the new prices', { tag: CLOCK }, async ({ page, axe, consoleErrors }) => {
  test.setTimeout(180_000);
  const host = 'ch.localhost';
  await reviewPickupOrder(page, host);
  for (const name of [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /Stornobedingungen/]) await page.getByRole('checkbox', { name }).check();
  const comment = page.getByRole('textbox', { name: /Bemerkung/ });
  await comment.fill('Abholung am Freitag');
  const total = page.locator('.review-lines').getByTestId('cart-total');
  const before = await total.innerText();

  // The simulated feed moves once a minute: wait for the next minute, then force a recalculation.
  const cart = await page.evaluate(() => fetch('/api/carts', { headers: { accept: 'application/json' } }).then((r) => r.json() as Promise<{ carts: { pricesValidUntil: string }[] }>));
  const pricedMinute = Math.floor((Date.parse(cart.carts[0].pricesValidUntil) - 180_000) / 60_000);
  if (Math.floor(Date.now() / 60_000) === pricedMinute) await page.waitForTimeout((pricedMinute + 1) * 60_000 - Date.now() + 500);
  const res = await page.request.post(`${PRICES}/admin/recalculate`);
  expect(res.status()).toBe(200);

  // spec 4: no recalculation by itself in the checkout; the price lock offers the new prices politely
  const lock = page.getByTestId('price-lock');
  await expect(lock).toHaveAttribute('data-state', 'new-prices', { timeout: 15_000 });
  await expect(lock.getByRole('status')).toContainText('Neue Preise sind verfügbar');
  await expect(total).toHaveText(before);
  await axe();

  // Placing the order at the old prices: 'not equal', a recalculation and the modal with the new prices.
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Die Preise haben sich geändert' });
  await expect(dialog).toBeVisible();
  const newTotal = await dialog.getByTestId('price-dialog-total').innerText();
  expect(newTotal).not.toBe(before);
  await expect(dialog).toContainText(`vorher: ${before}`);
  await expect(dialog.getByRole('button', { name: 'Neue Preise prüfen' })).toBeFocused();
  await axe();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeFocused();
  await expect(total).toHaveText(newTotal);
  await expect(comment).toHaveValue('Abholung am Freitag');
  await expect(page.getByRole('checkbox', { name: /Stornobedingungen/ })).toBeChecked();

  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page.getByTestId('order-number')).toHaveText(/^CH-B-\d{4}-\d{6}$/);
  await expect(page.getByTestId('order-total')).toHaveText(newTotal);
  await expect(page.getByTestId('pickup-details')).toContainText('Barrengasse 7');
  ignoreApiAnswers(consoleErrors, [409]);
});

/** Presses Tab until the target has focus (keyboard only); fails after 80 presses. */
async function tabTo(page: Page, target: Locator, shift = false) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${target} by keyboard`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

test('the whole checkout works by keyboard alone and passes axe', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  const host = 'li.localhost';
  await page.goto(url(host, '/en/pricelist/silver'));
  await hydrated(page);
  await tabTo(page, page.getByRole('button', { name: /^Add to cart\s*:\s*Vienna Philharmonic 1 oz Silver$/ }));
  await page.keyboard.press('Enter');
  const view = page.getByTestId('cart-notice').getByRole('link', { name: 'View cart' });
  await expect(view).toBeVisible();
  // issue 17: the notification follows its button: the next Tab reaches "View cart"
  await page.keyboard.press('Tab');
  await expect(view).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url(host, '/en/cart?type=buy'));
  const more = page.getByRole('button', { name: /One more of Vienna Philharmonic/ });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count-buy')).toHaveText('2');
  const toCheckout = page.getByRole('link', { name: 'Go to checkout' });
  await expect(toCheckout).toBeVisible();
  await tabTo(page, toCheckout);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await axe();
  await typeInto(page, page.getByRole('textbox', { name: 'E-mail address' }), 'keyboard.only@example.li');
  await typeInto(page, page.getByRole('textbox', { name: 'First name', exact: true }), 'Kim');
  await typeInto(page, page.getByRole('textbox', { name: 'Last name', exact: true }), 'Keller');
  await typeInto(page, page.getByRole('textbox', { name: 'Street', exact: true }), 'Städtle');
  await typeInto(page, page.getByRole('textbox', { name: 'No.', exact: true }), '5');
  await typeInto(page, page.getByRole('textbox', { name: 'Zip code', exact: true }), '9490');
  await typeInto(page, page.getByRole('textbox', { name: 'City', exact: true }), 'Vaduz');
  await tabTo(page, page.getByRole('button', { name: 'Continue to delivery and payment' }));
  await page.keyboard.press('Enter');

  const deliveryHeading = page.getByRole('heading', { level: 1, name: 'Delivery and payment' });
  await expect(deliveryHeading).toBeFocused();
  await axe();
  const shipping = page.getByRole('radio', { name: /^Shipping/ });
  await tabTo(page, page.getByRole('radio').first());
  // a radio group is entered with Tab and chosen with the arrow keys and Space
  while (!(await shipping.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(shipping).toBeChecked();
  const bank = page.getByRole('radio', { name: /^Bank transfer/ });
  await tabTo(page, bank);
  await page.keyboard.press('Space');
  await expect(bank).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue to review' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeFocused();
  await axe();
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) {
    const box = page.getByRole('checkbox', { name });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  // completed steps are links the keyboard reaches (only completed ones)
  const steps = page.getByRole('navigation', { name: 'Checkout steps' });
  await expect(steps.getByRole('link')).toHaveText([/Cart/, /My data/, /Delivery and payment/]);
  await tabTo(page, page.getByRole('button', { name: 'Place binding order' }));
  await page.keyboard.press('Enter');
  // a recalculation in between: the modal has the focus, Enter closes it, focus is back on the button
  const outcome = await Promise.race([
    page.getByTestId('order-number').waitFor().then(() => 'placed'),
    page.getByTestId('price-dialog').waitFor().then(() => 'prices changed'),
  ]);
  if (outcome === 'prices changed') {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Place binding order' })).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(page.getByTestId('order-number')).toHaveText(/^LI-B-\d{4}-\d{6}$/);
  await axe();
  ignoreApiAnswers(consoleErrors, [409]);
});
