// Issue 27: the data a page carries for hydration (loader data, boot facts, streamed values and the page's
// strings) is at most half of the document, on every page type a visitor lands on (bytes are exact; the
// benchmark test/bench/hydration/run.ts prints the same figures for the production build).
import t from 'tap';
import { startShopStack } from './helpers.ts';
import { HYDRATION_PAGES, HYDRATION_SHARE_GOAL, hydrationShare } from '../bench/hydration/share.ts';

const shop = await startShopStack(t);

t.test('the hydration data is at most half of each page', async (t) => {
  for (const page of HYDRATION_PAGES) {
    const res = await shop.get('ch.localhost', page.path);
    t.equal(res.status, 200, `${page.name} answers`);
    const s = hydrationShare(res.text);
    t.comment(`${page.name.padEnd(10)} document ${s.document} B, data ${s.data} B (strings ${s.strings}, loader data ${s.loaderData}): ${s.share.toFixed(3)}`);
    t.ok(s.strings > 0 && s.loaderData > 0, `${page.name}: the page carries its strings and its loader data`);
    t.ok(s.share <= HYDRATION_SHARE_GOAL, `${page.name}: ${s.data} of ${s.document} bytes (${s.share.toFixed(3)}) is data for hydration`);
  }
});

t.test('a listing carries of each product what its card shows, no more', async (t) => {
  const { data } = await shop.data<{ products: Record<string, unknown>[] }>('ch.localhost', '/shop');
  t.ok(data.products.length > 0, 'the shop lists products');
  for (const card of data.products) {
    // the card reads these (views/components/product/ProductCard.tsx and its tracking)
    t.same(Object.keys(card).sort(), ['availability', 'badges', 'category', 'dutyFree', 'manufacturer', 'name', 'sku', 'slug', 'image', 'weightLabel'].sort(), `${card.sku as string}: the card's fields`);
    if (card.image) t.same(Object.keys(card.image).sort(), ['height', 'url', 'width'], 'a decorative image: no side, no alternative text');
  }
  const html = (await shop.get('ch.localhost', '/shop')).text;
  t.notMatch(html, /"productId":/, 'no product ids in the page');
});
