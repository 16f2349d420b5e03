import t from 'tap';
import Fastify from 'fastify';
import { catalogueRows } from '../../src/commerce/catalogue/seed.ts';
import { usableProducts } from '../../src/pricing/engine/price-book.ts';
import { createHttpProductSource } from '../../src/pricing/product-source.ts';
import { fixtureProducts } from './fixtures.ts';

t.test('the HTTP product source', async (t) => {
  const seen: { storeKey?: string; authorization?: string }[] = [];
  let status = 200;
  let body: unknown = { products: fixtureProducts };
  const commerce = Fastify();
  commerce.get('/admin/products/pricing-attributes', async (req, reply) => {
    seen.push({ storeKey: req.headers['x-store-key'] as string, authorization: req.headers.authorization });
    return reply.status(status).send(body);
  });
  const base = await commerce.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => commerce.close());

  t.test('reads the pricing attributes with the store key and, when configured, the admin token', async (t) => {
    const open = createHttpProductSource({ baseUrl: base });
    const withToken = createHttpProductSource({ baseUrl: `${base}/`, adminToken: 'a-long-admin-token-for-tests-only' });
    t.teardown(() => Promise.all([open.close(), withToken.close()]));
    t.same(await open.load(), fixtureProducts);
    t.same(await withToken.load(), fixtureProducts);
    t.same(seen.slice(-2), [
      { storeKey: 'ch', authorization: undefined },
      { storeKey: 'ch', authorization: 'Bearer a-long-admin-token-for-tests-only' },
    ]);
  });

  t.test('fails with a stable code when the commerce service misbehaves', async (t) => {
    const source = createHttpProductSource({ baseUrl: base });
    t.teardown(() => source.close());
    status = 403;
    await t.rejects(source.load(), { code: 'products_http_status' });
    status = 200;
    body = { items: [] };
    await t.rejects(source.load(), { code: 'products_bad_shape' });
    const down = createHttpProductSource({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    t.teardown(() => down.close());
    await t.rejects(down.load(), { code: 'products_unreachable' });
  });
});

t.test('every product of the commerce seed catalogue can be priced', async (t) => {
  const raw = catalogueRows().map((r) => r.product.pricing);
  const { products, skipped } = usableProducts(raw);
  t.same(skipped, []);
  t.equal(products.length, raw.length);
  t.ok(products.length > 50, `${products.length} products`);
});
