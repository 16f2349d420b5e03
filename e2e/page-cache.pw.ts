// A signed-in customer gets the public pages from the page cache (issue 16, render/page-cache.ts): the HTML
// is the one every signed-in customer gets, and what is theirs (whom the shop is signed in as, the cart's
// count, the wishlist marks on product cards) appears in the browser after load, without moving anything.
import type { Page } from '@playwright/test';
import { test, expect, url, hydrated, consentDecided } from './fixtures.ts';
import { api, signedInCustomer } from './customer.ts';

const HOST = 'ch.localhost';

/** Asks for a page from the browser (its cookies) until the page cache serves it: the next visit is a kept page. */
async function untilCached(page: Page, path: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await page.evaluate(async (path) => {
      const r = await fetch(path, { headers: { accept: 'text/html' } });
      return { cache: r.headers.get('x-page-cache'), text: await r.text() };
    }, path);
    if (res.cache === 'hit') return res.text;
    await page.waitForTimeout(100);
  }
  throw new Error(`${path} was never served from the page cache`);
}

/** Where the header's links and a product card's title sit. */
async function layout(page: Page, sku: string) {
  const box = async (selector: string) => page.locator(selector).first().boundingBox();
  return {
    wishlist: await box('.header-actions >> text=Wunschliste'),
    cart: await box('.header-cart'),
    card: await box(`.product-card[data-sku="${sku}"] .product-card-title`),
  };
}

test('a signed-in customer sees their name, cart count and wishlist marks on a page from the cache', async ({ page }) => {
  await consentDecided(page);
  const email = await signedInCustomer(page, HOST);
  expect((await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).status).toBe(200);

  const listing = '/shop?metal=gold';
  const html = await untilCached(page, listing);
  expect(html, 'the kept page is the same for every signed-in customer').not.toContain(email);
  // the greeting is not rendered (its words may travel in the page's strings script, never in its text)
  expect(html.replace(/<script\b[\s\S]*?<\/script>/g, '')).not.toContain('Angemeldet als');
  const sku = /class="product-card[^"]*" data-sku="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(sku, 'the listing shows products').not.toBe('');
  expect((await api(page, 'POST', '/api/wishlist/toggle', { sku })).status).toBe(200);

  // Hold the customer's own data (name, wishlist, carts) back until the page has been laid out, to see that nothing moves when it comes.
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/api\/(me|wishlist|carts)(\?[^/]*)?$/, (route) => void held.push(() => route.continue()));
  const res = await page.goto(url(HOST, listing));
  expect(res?.headers()['x-page-cache'], 'the page came from the cache').toBe('hit');
  await hydrated(page);
  await expect.poll(() => held.length).toBe(3);
  const before = await layout(page, sku);
  // spec 3: the profile kept from the last /api/me (profile-{id}) greets at once; /api/me is asked all the same
  const kept = await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('profile-')));
  await expect(page.getByTestId('header-greeting')).toHaveText(kept ? 'Angemeldet als Anna' : '');
  for (const go of held) await go();
  await page.unroute(/\/api\/(me|wishlist|carts)(\?[^/]*)?$/);

  await expect(page.getByTestId('header-greeting')).toHaveText('Angemeldet als Anna');
  await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
  const card = page.locator(`.product-card[data-sku="${sku}"]`);
  await expect(card.getByRole('img', { name: 'Auf Ihrer Wunschliste' })).toBeVisible();
  await expect(page.getByTestId('wishlist-mark'), 'only the product on the wishlist is marked').toHaveCount(1);
  expect(await layout(page, sku), 'nothing moved when the personal parts appeared').toEqual(before);

  // The same on a product page and the home page, both from the cache.
  await untilCached(page, '/');
  expect((await page.goto(url(HOST, '/')))?.headers()['x-page-cache']).toBe('hit');
  await expect(page.getByTestId('header-greeting')).toHaveText('Angemeldet als Anna');
  await expect(page.getByTestId('cart-count-buy')).toHaveText('1');
});
