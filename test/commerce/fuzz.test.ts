// Property test: malformed bodies, queries, path values and headers sent to every route the service
// registers (taken from its OpenAPI document, so new routes, the catalogue's included, are covered
// automatically) never produce a 5xx, and every error is the JSON { statusCode, code, message }.
import t from 'tap';
import fc from 'fast-check';
import { commerceHarness, login, registerVerified, swissAddress } from './helpers.ts';
import { createCart, guest, ok, pricesNow } from '../orders/helpers.ts';

const h = await commerceHarness(t);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
}

t.test('no route answers 5xx to malformed input', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const address = (await api.call('PUT', `/customers/${account.id}/address`, { token: session.accessToken, body: { address: swissAddress() } })).json().addresses[0].id;

  const doc = (await api.call('GET', '/openapi.json', { store: null })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
  };
  const ops: Operation[] = [{ method: 'GET', path: '/health', queryKeys: [], bodyKeys: [] }, { method: 'GET', path: '/openapi.json', queryKeys: [], bodyKeys: [] }];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
      });
    }
  }
  t.ok(ops.length >= 25, `${ops.length} routes under test`);
  t.ok(ops.some((o) => o.path.startsWith('/products')), 'the catalogue routes are included');

  const weird = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('', ' ', '0', '-1', '1e309', '1e999', 'Infinity', '-Infinity', '1.5', 'NaN', 'null', 'true', '%', '%00', '../..', '\u0000', 'x'.repeat(600), "'; drop table customers; --",
      '00000000-0000-0000-0000-000000000000', account.id, address, account.email, 'ch', 'ATU13585627', '+41446681800', '2026-02-30T25:00:00Z'),
    fc.uuid().map(String),
  );
  const value = fc.oneof(
    weird,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(weird, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), weird, { maxKeys: 3 }),
  );
  const request = fc.record({
    op: fc.constantFrom(...ops),
    pathValues: fc.array(weird, { minLength: 2, maxLength: 2 }),
    query: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('email', 'limit', 'vat', 'emailToken', 'storeKey', 'skus', 'q', 'language', 'sort', 'offset')), weird, { maxKeys: 4 }),
    body: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('email', 'password', 'address', 'code', 'refreshToken', 'anonymousId', 'customerId', 'token', 'newPassword', 'firstName', 'country', 'zipCode')), value, { maxKeys: 6 }),
      fc.record({ address: fc.dictionary(fc.constantFrom('firstName', 'zipCode', 'country', 'phone', 'state', 'defaultShipping', 'streetName'), value) }),
      value,
      fc.string().map((s) => ({ raw: s })),
    ),
    store: fc.oneof(fc.constant('ch'), fc.constantFrom('at', 'us', 'li', 'de', 'xx', '')),
    auth: fc.constantFrom('user', 'none', 'garbage'),
    useSchemaKeys: fc.boolean(),
  });

  let checked = 0;
  const outcomes = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      let i = 0;
      const path = r.op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(r.pathValues[i++] ?? 'x')) || 'x');
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(r.query)) query.set(r.useSchemaKeys && r.op.queryKeys.length ? r.op.queryKeys[k.length % r.op.queryKeys.length] : k, String(v));
      const url = path + (query.size ? `?${query}` : '');
      const headers: Record<string, string> = { 'x-store-key': r.store };
      if (r.auth === 'user') headers.authorization = `Bearer ${session.accessToken}`;
      if (r.auth === 'garbage') headers.authorization = 'Bearer \u00ff\u0000garbage';
      let payload: string | undefined;
      if (r.body !== undefined && r.op.method !== 'GET') {
        headers['content-type'] = 'application/json';
        const b = r.body as { raw?: string };
        payload = b && typeof b === 'object' && 'raw' in b && Object.keys(b).length === 1 ? b.raw : JSON.stringify(r.body);
      }
      // latin-1 only in header values: strip what HTTP cannot carry
      for (const k of Object.keys(headers)) headers[k] = headers[k].replace(/[^\x20-\x7e]/g, '?');
      const res = await api.app.inject({ method: r.op.method, url, headers, payload });
      checked++;
      const key = res.statusCode < 400 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code: string }).code}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (process.env.FUZZ_DEBUG && res.body.includes(process.env.FUZZ_DEBUG)) console.error("DEBUG", r.op.method, url, payload, res.body);
      if (res.statusCode >= 500) {
        throw new Error(`${r.op.method} ${url} -> ${res.statusCode} ${res.body}\npayload: ${payload}`);
      }
      if (res.statusCode >= 400) {
        const body = res.json() as { statusCode: number; code: string; message: string };
        if (body.statusCode !== res.statusCode || typeof body.code !== 'string' || typeof body.message !== 'string') {
          throw new Error(`${r.op.method} ${url}: error body ${res.body}`);
        }
      }
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 1500), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  t.ok(checked > 0, `${checked} requests checked`);
  const passedStoreKey = checked - (outcomes.get('400 invalid_store_key') ?? 0);
  t.ok(passedStoreKey > checked / 2, 'most requests reach the routes (not only the store key check)');
  t.ok([...outcomes.keys()].filter((k) => k.startsWith('2')).length > 0, 'some malformed-looking requests are valid and succeed');
  t.ok(outcomes.size >= 10, `varied outcomes: ${JSON.stringify(Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])))}`);
  // The fuzzed calls may have signed this session out (POST /customers/logout is a valid outcome); the
  // account itself must be intact: it signs in again and reads back.
  const again = await login(api, account);
  t.equal((await api.call('GET', '/customers/me', { token: again.accessToken })).json().customer.id, account.id, 'the account still works');
});

// Issue 14: numbers from outside are used only in their range. A JSON body has real types (no coercion:
// true, "5" and [5] are not the quantity 5); a query string's number is refused when it is not finite
// ('1e999' and 'Infinity' coerce to Infinity, which ajv's minimum/maximum let through).
t.test('quantities are integers: true, "5", [5], 1.5, -1 (issue 14) are a 400 and change nothing', async (t) => {
  const api = await h.api(t);
  await pricesNow(api);
  const shopper = await guest(api);
  const cart = await createCart(shopper);
  const held = await ok(shopper.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2, version: cart.version }));
  for (const quantity of [true, '5', [5], 1.5, -1, 0, null, 'NaN', 10001]) {
    const set = await shopper.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity, version: held.version });
    t.equal(set.statusCode, 400, `set quantity ${JSON.stringify(quantity)}: 400`);
    t.equal(set.json().code, 'validation_failed');
    t.same(set.json().details.fields.map((f: { field: string }) => f.field), ['quantity'], 'names the field');
    const remove = await shopper.call('DELETE', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity, version: held.version });
    t.equal(remove.statusCode, 400, `remove quantity ${JSON.stringify(quantity)}: 400`);
  }
  // JSON's own 1e999 parses to Infinity: refused as not a number
  const huge = await api.app.inject({
    method: 'PUT', url: `/carts/${cart.id}/line-items`, payload: `{"sku":"AU-KRUG-1OZ","quantity":1e999,"version":${held.version}}`,
    headers: { 'content-type': 'application/json', 'x-store-key': 'ch', authorization: `Bearer ${shopper.token}` },
  });
  t.equal(huge.statusCode, 400, 'quantity 1e999 in JSON: 400');
  const after = await ok(shopper.call('GET', `/carts/${cart.id}`));
  t.equal(after.version, held.version, 'the cart did not change');
  t.same(after.lineItems.map((l) => [l.sku, l.quantity]), [['AU-KRUG-1OZ', 2]]);
});

t.test('query numbers that are not finite (1e999, Infinity) are a 400, never a 500 or an unchecked value', async (t) => {
  const api = await h.api(t);
  await pricesNow(api);
  t.equal((await api.call('GET', '/scrap/estimate?metal=gold&fineness=750&weightGrams=10')).statusCode, 200, 'a real estimate answers');
  for (const q of ['fineness=1e999&weightGrams=10', 'fineness=-1e999&weightGrams=10', 'fineness=Infinity&weightGrams=10', 'fineness=750&weightGrams=1e999', 'fineness=750&weightGrams=Infinity']) {
    const res = await api.call('GET', `/scrap/estimate?metal=gold&${q}`);
    t.equal(res.statusCode, 400, `scrap estimate ${q}: 400`);
    t.equal(res.json().code, 'validation_failed');
  }
  for (const q of ['fineWeightMin=1e999', 'fineWeightMax=Infinity', 'limit=1e999', 'offset=1e999']) {
    const res = await api.call('GET', `/products?${q}`);
    t.equal(res.statusCode, 400, `products ${q}: 400`);
  }
  t.equal((await api.call('GET', '/admin/outbox?limit=1e309', { store: null })).statusCode, 400, 'the outbox limit 1e309: 400');
});

t.test('a string-or-null field of a JSON body: null clears it (no coercion to "")', async (t) => {
  const api = await h.api(t);
  await pricesNow(api);
  const shopper = await guest(api);
  const cart = await createCart(shopper);
  const withMethod = await ok(shopper.call('PUT', `/carts/${cart.id}`, { shippingMethodId: 'shipping', version: cart.version }));
  t.not(withMethod.shippingInfo, null, 'a shipping method is set');
  const cleared = await ok(shopper.call('PUT', `/carts/${cart.id}`, { shippingMethodId: null, version: withMethod.version }));
  t.equal(cleared.shippingInfo, null, 'null clears it');
});
