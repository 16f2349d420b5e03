// Product images (issue 17, "Trust"): a product page shows both sides of the piece - obverse and reverse
// of a coin, front and back of a bar - with alt texts in the page's language that name the side; a bar of
// a German-stamping refiner reads FEINGOLD on German pages and FINE GOLD on English ones; the zoom opens
// and closes with the keyboard and gives the focus back; axe passes with and without the zoom open; the
// listing's cards show the obverse or front.
import { test, expect, url, hydrated, consentDecided } from './fixtures.ts';

interface Piece {
  host: string;
  path: string;
  name: string;
  sides: [RegExp, RegExp];
  sidesLabel: string;
  zoom: string;
  close: string;
  /** what the first image's file must be (a bar's stamp in the page's language) */
  file?: RegExp;
}

const pieces: Piece[] = [
  {
    host: 'ch.localhost', path: '/produkt/kruegerrand-1-unze-gold', name: 'Krügerrand 1 Unze Gold',
    sides: [/^Krügerrand 1 Unze Gold – Vorderseite: Porträt von Paul Kruger$/, /^Krügerrand 1 Unze Gold – Rückseite: Springbock$/],
    sidesLabel: 'Seiten des Stücks', zoom: 'Vergrößern', close: 'Schließen', file: /au-krug-1oz-obverse\.[0-9a-f]{10}\.svg$/,
  },
  {
    host: 'at.localhost', path: '/produkt/maple-leaf-1-unze-silber', name: 'Maple Leaf 1 Unze Silber',
    sides: [/– Vorderseite: Porträt von König Charles III\.$/, /– Rückseite: Ahornblatt$/], sidesLabel: 'Seiten des Stücks', zoom: 'Vergrößern', close: 'Schließen',
  },
  {
    host: 'de.localhost', path: '/en/product/vienna-philharmonic-1-oz-platinum', name: 'Vienna Philharmonic 1 oz Platinum',
    sides: [/– obverse: the organ of the Golden Hall/, /– reverse: cello, violins/], sidesLabel: 'Sides of the piece', zoom: 'Zoom in', close: 'Close',
  },
  {
    host: 'us.localhost', path: '/en/product/american-palladium-eagle-1-oz', name: 'American Palladium Eagle 1 oz',
    sides: [/– obverse: head of Winged Liberty$/, /– reverse: eagle/], sidesLabel: 'Sides of the piece', zoom: 'Zoom in', close: 'Close',
  },
  {
    host: 'us.localhost', path: '/en/product/gold-bar-100-g-heraeus', name: 'Gold bar 100 g Heraeus',
    sides: [/– front: stamped with refiner, weight, fineness and serial number$/, /– back: pattern of the refiner's mark$/],
    sidesLabel: 'Sides of the piece', zoom: 'Zoom in', close: 'Close', file: /au-bar-heraeus-100g-front-en\.[0-9a-f]{10}\.svg$/,
  },
  {
    host: 'ch.localhost', path: '/produkt/goldbarren-100-g-heraeus', name: 'Goldbarren 100 g Heraeus',
    sides: [/– Vorderseite: Prägung mit Hersteller/, /– Rückseite: Muster mit dem Zeichen des Herstellers$/],
    sidesLabel: 'Seiten des Stücks', zoom: 'Vergrößern', close: 'Schließen', file: /au-bar-heraeus-100g-front-de\.[0-9a-f]{10}\.svg$/,
  },
];

test.beforeEach(async ({ page }) => consentDecided(page));

for (const piece of pieces) {
  test(`${piece.name}: both sides with alt texts in the page's language, a keyboard zoom, axe clean`, async ({ page, axe }) => {
    await page.goto(url(piece.host, piece.path));
    await hydrated(page);
    const main = page.locator('.product-gallery-main img');
    await expect(main, 'the main image is the obverse or front').toHaveAttribute('alt', piece.sides[0]);
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('width', '400');
    await expect(main).toHaveAttribute('height', '400');
    if (piece.file) await expect(main).toHaveAttribute('src', piece.file);

    const sides = page.getByRole('list', { name: piece.sidesLabel }).getByRole('button');
    await expect(sides).toHaveCount(2);
    await expect(sides.nth(0)).toHaveAccessibleName(piece.sides[0]);
    await expect(sides.nth(1)).toHaveAccessibleName(piece.sides[1]);
    await expect(sides.nth(0)).toHaveAttribute('aria-pressed', 'true');
    for (const img of await page.locator('.product-gallery img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), 'every image loads').toBe(true);
    }
    await axe();

    // the other side, by keyboard
    await sides.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(main).toHaveAttribute('alt', piece.sides[1]);
    await expect(sides.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(sides.nth(0)).toHaveAttribute('aria-pressed', 'false');

    // zoom: Enter opens, Escape closes, the focus returns to the zoom button
    const zoom = page.getByRole('button', { name: piece.zoom, exact: true });
    await zoom.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${piece.name} – `) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', piece.sides[1]);
    await expect(dialog.getByRole('button', { name: piece.close })).toBeFocused();
    const box = await dialog.getByRole('img').boundingBox();
    expect(box!.width, 'the zoomed image is larger than the page image').toBeGreaterThan((await main.boundingBox())!.width);
    await axe();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(zoom).toBeFocused();

    // Space opens it again; the close button closes it, the focus returns again
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(zoom).toBeFocused();
  });
}

test('listing cards show the obverse of a coin and the front of a bar', async ({ page }) => {
  await page.goto(url('ch.localhost', '/shop'));
  const coin = page.locator('.product-card[data-sku="AU-KRUG-1OZ"] .product-card-image img');
  await expect(coin).toHaveAttribute('src', /au-krug-1oz-obverse\.[0-9a-f]{10}\.svg$/);
  await page.goto(url('us.localhost', '/en/shop/gold-bars'));
  await expect(page.locator('.product-card[data-sku="AU-BAR-HERAEUS-100G"] .product-card-image img')).toHaveAttribute('src', /au-bar-heraeus-100g-front-en\.[0-9a-f]{10}\.svg$/);
});

test('product images are cached for a year under their content-hashed names', async ({ request, page }) => {
  await page.goto(url('ch.localhost', '/produkt/kruegerrand-1-unze-gold'));
  const src = await page.locator('.product-gallery-main img').getAttribute('src');
  // static files answer on any host; Node's resolver (unlike Chromium) does not know *.localhost
  const res = await request.get(url('127.0.0.1', src!));
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
