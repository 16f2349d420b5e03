// GET /openapi.json is a document tools accept: valid OpenAPI 3.1 for a real validator, an operationId on
// every operation (unique, stable: client generators name their methods after it), and the token each
// call needs named by a security scheme that matches what the call answers without one.
import t, { type Test } from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify from 'fastify';
import { documentOperations, operationIdFor } from '../../src/commerce/http/openapi.ts';
import { commerceHarness } from './helpers.ts';

const h = await commerceHarness(t);

type Content = Record<string, { schema: object }>;
type Operation = {
  operationId?: string; security?: Record<string, string[]>[]; parameters?: { in: string; name: string; schema: object }[];
  requestBody?: { content: Content }; responses?: Record<string, { content?: Content }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Record<string, string>> } };

async function document(t: Test): Promise<Doc> {
  const api = await h.api(t);
  const res = await api.call('GET', '/openapi.json', { store: null });
  t.equal(res.statusCode, 200);
  return res.json() as Doc;
}

function operations(doc: Doc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
}

t.test('the document is valid OpenAPI 3.1 for swagger-parser', async (t) => {
  const doc = await document(t);
  t.equal(doc.openapi, '3.1.0');
  t.ok(operations(doc).length > 60, 'the whole API is in it');
  // validate() dereferences in place: a copy keeps the answer as served
  await t.resolves(SwaggerParser.validate(structuredClone(doc) as never), 'swagger-parser accepts it');

  // OpenAPI 3.1's Schema Objects are JSON Schema 2020-12: every schema of a parameter, body and answer is one
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const invalid: string[] = [];
  let schemas = 0;
  const check = (where: string, schema: object) => {
    schemas++;
    if (!ajv.validateSchema(schema)) invalid.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
  };
  for (const { method, path, op } of operations(doc)) {
    for (const p of op.parameters ?? []) check(`${method} ${path} ${p.in} ${p.name}`, p.schema);
    for (const [type, c] of Object.entries(op.requestBody?.content ?? {})) check(`${method} ${path} body ${type}`, c.schema);
    for (const [status, r] of Object.entries(op.responses ?? {})) for (const [type, c] of Object.entries(r.content ?? {})) check(`${method} ${path} ${status} ${type}`, c.schema);
  }
  t.same(invalid, [], 'every schema is JSON Schema 2020-12');
  t.ok(schemas > 300, `${schemas} schemas checked`);
});

t.test('every operation has its own operationId, generated from method and path where the route names none', async (t) => {
  const doc = await document(t);
  const ops = operations(doc);
  const ids = ops.map((o) => o.op.operationId);
  t.same(ops.filter((o) => !o.op.operationId).map((o) => `${o.method} ${o.path}`), [], 'none without');
  t.equal(new Set(ids).size, ids.length, 'no two alike');
  t.equal(doc.paths['/customers/me'].get.operationId, 'getCustomersMe');
  t.equal(doc.paths['/customers/{id}/address/{addressId}'].put.operationId, 'putCustomersByIdAddressByAddressId');
  t.equal(doc.paths['/admin/customers/refresh-token'].post.operationId, 'postAdminCustomersRefreshToken');
});

t.test('operationIds are stable, and a duplicate stops the service from starting', async (t) => {
  t.equal(operationIdFor('GET', '/carts/:id'), 'getCartsById');
  t.equal(operationIdFor('DELETE', '/wishlists/:id/store/:storeKey/line-item/:lineItemId'), 'deleteWishlistsByIdStoreByStoreKeyLineItemByLineItemId');
  t.equal(operationIdFor('POST', '/ops/orders/{id}/payments'), 'postOpsOrdersByIdPayments');

  const app = Fastify({ logger: false });
  documentOperations(app);
  app.get('/a', { schema: { operationId: 'same' } }, async () => ({}));
  t.throws(() => app.get('/b', { schema: { operationId: 'same' } }, async () => ({})), /operationId same of GET \/b is taken by GET \/a/);
  await app.close();
});

t.test('security schemes for customer and operator tokens; each call names the token it needs', async (t) => {
  const doc = await document(t);
  const schemes = doc.components.securitySchemes;
  t.match(schemes.customerToken, { type: 'http', scheme: 'bearer' });
  t.match(schemes.operatorToken, { type: 'http', scheme: 'bearer', description: /POST \/ops\/login/ });
  t.same(doc.paths['/customers/me'].get.security, [{ customerToken: [] }]);
  t.same(doc.paths['/carts'].get.security, [{ customerToken: [] }]);
  t.same(doc.paths['/customers/login'].post.security, undefined, 'signing in needs no token');
  t.same(doc.paths['/admin/prices'].get.security, [{ adminToken: [] }, {}], 'admin calls: ADMIN_TOKEN or loopback');
  for (const { method, path, op } of operations(doc)) {
    if (!path.startsWith('/ops/') || path === '/ops/login') continue;
    t.same(op.security, [{ operatorToken: [] }], `${method.toUpperCase()} ${path} needs an operator token`);
  }

  // What the calls answer without a token agrees with the document: every call without path parameters or
  // body that refuses with token_required documents a required customer token.
  const api = await h.api(t);
  let refused = 0;
  for (const { method, path, op } of operations(doc)) {
    if (method !== 'get' || path.includes('{') || path.startsWith('/ops/')) continue;
    const res = await api.call('GET', path);
    if (res.statusCode === 401 && res.json().code === 'token_required') {
      refused++;
      t.same(op.security, [{ customerToken: [] }], `GET ${path} says it needs a customer token`);
    }
  }
  t.ok(refused >= 5, `${refused} calls refused without a token`);
});
