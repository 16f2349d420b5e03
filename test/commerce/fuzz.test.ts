// Property test: malformed bodies, queries, path values and headers sent to every route the service
// registers (taken from its OpenAPI document, so new routes, the catalogue's included, are covered
// automatically) never produce a 5xx, and every error is the JSON { statusCode, code, message }.
import t from 'tap';
import fc from 'fast-check';
import { commerceHarness, login, registerVerified, swissAddress } from './helpers.ts';

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
    fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '%', '%00', '../..', '\u0000', 'x'.repeat(600), "'; drop table customers; --",
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
