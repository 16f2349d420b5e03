// Issue 27: the keys a CDN purges by name the products a page shows (product:<sku>), over real HTTP with the
// real commerce service: a product page names its product, the shop listing each product it lists.
import t from 'tap';
import { request } from 'undici';
import { startShop } from '../api/helpers.ts';

async function hit(port: number, path: string) {
  for (let i = 0; i < 150; i++) {
    const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `ch.localhost:${port}` } });
    const text = await res.body.text();
    if (res.headers['x-page-cache'] === 'hit') return { headers: res.headers, text };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never served from the cache`);
}

t.test('product pages and listings name their products', async (t) => {
  const shop = await startShop(t, { env: { CMS_CACHE_TTL_S: '30', CDN_PUBLIC_PAGES: 'on' } });
  const product = await hit(shop.port, '/produkt/kruegerrand-1-unze-gold');
  const keys = String(product.headers['surrogate-key']).split(' ');
  t.match(String(product.headers['cache-control']), /^public, /);
  const sku = /"sku":"([^"]+)"/.exec(product.text)?.[1];
  t.ok(sku, 'the page shows a product');
  t.ok(keys.includes(`product:${sku}`), `the product page names its product (${sku})`);
  t.ok(keys.includes('store:ch'), 'and its store');
  const listing = await hit(shop.port, '/shop');
  const listed = String(listing.headers['surrogate-key']).split(' ').filter((k) => k.startsWith('product:'));
  t.ok(listed.length >= 5, `the shop listing names the products it lists (${listed.length})`);
  t.ok(listed.every((k) => listing.text.includes(`"sku":"${k.slice('product:'.length)}"`)), 'each of them is on the page');
});
