// Which role may take which step (the agreed table: src/commerce/lifecycle actionRoles), checked before
// anything else: a role without the right gets 403 operator_role_required, whatever the body or order.
// And the bodies: unknown fields, huge or non-finite numbers are 400 validation_failed, never a 500.
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { demoToken, opsCall, type DemoRole } from './helpers.ts';

const h = await commerceHarness(t);
const NO_ORDER = '7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10';

const bodies: Record<string, unknown> = {
  payments: { centAmount: 100, currency: 'CHF', reference: 'x', valueDate: '2026-11-22' },
  shipments: { carrier: 'Swiss Post', trackingNumber: '99.00.123456.12345678' },
  pickup: { collectedBy: 'Anna Muster' },
  cancel: { reason: 'customer asked' },
  'goods-received': {},
  assay: { lines: [{ lineId: 'l1', finalFineWeightMg: 1000 }] },
  payout: { iban: 'CH9300762011623852957', centAmount: 100, valueDate: '2026-11-22' },
};

// The matrix: finance pays but does not ship; warehouse ships but does not pay; support cancels but
// does not pay; admin does everything.
const allowed: Record<DemoRole, string[]> = {
  finance: ['payments', 'cancel', 'payout'],
  warehouse: ['shipments', 'pickup', 'goods-received', 'assay'],
  support: ['cancel'],
  admin: Object.keys(bodies),
};

t.test('each role takes only its steps: 403 operator_role_required for the others', async (t) => {
  const api = await h.api(t);
  for (const role of Object.keys(allowed) as DemoRole[]) {
    const token = await demoToken(api, role);
    for (const [step, body] of Object.entries(bodies)) {
      const res = await opsCall(api, 'POST', `/ops/orders/${NO_ORDER}/${step}`, token, body);
      if (allowed[role].includes(step)) {
        // past the role check: the order does not exist
        t.not(res.statusCode, 403, `${role} may ${step}`);
        t.not(res.json().code, 'operator_role_required');
      } else {
        t.equal(res.statusCode, 403, `${role} may not ${step}`);
        t.equal(res.json().code, 'operator_role_required');
      }
    }
  }
});

t.test('bank statements: finance and admin; operators and whistleblower cases: admin', async (t) => {
  const api = await h.api(t);
  for (const role of ['warehouse', 'support'] as const) {
    const res = await opsCall(api, 'POST', '/ops/bank-statements', await demoToken(api, role), { xml: '<Document/>' });
    t.equal(res.json().code, 'operator_role_required', role);
  }
  for (const role of ['finance', 'warehouse', 'support'] as const) {
    const token = await demoToken(api, role);
    t.equal((await opsCall(api, 'GET', '/ops/whistleblower', token)).json().code, 'operator_role_required', role);
    t.equal((await opsCall(api, 'GET', '/ops/whistleblower/WB-AAAA-BBBB', token)).json().code, 'operator_role_required', role);
    t.equal((await opsCall(api, 'POST', '/ops/whistleblower/WB-AAAA-BBBB/answers', token, { message: 'x' })).json().code, 'operator_role_required', role);
  }
});

t.test('step bodies with unknown fields, huge or non-finite numbers are 400 validation_failed', async (t) => {
  const api = await h.api(t);
  const finance = await demoToken(api, 'finance');
  const warehouse = await demoToken(api, 'warehouse');
  const pay = bodies.payments as Record<string, unknown>;
  const cases: [string, string, string | Record<string, unknown>][] = [
    [finance, 'payments', { ...pay, note: 'extra' }],
    [finance, 'payments', { ...pay, centAmount: 1e20 }],
    [finance, 'payments', '{"centAmount":1e400,"currency":"CHF","reference":"x","valueDate":"2026-11-22"}'],
    [finance, 'payments', { ...pay, centAmount: 12.5 }],
    [finance, 'payments', { ...pay, centAmount: -100 }],
    [finance, 'payments', { ...pay, centAmount: '100' }],
    [finance, 'payments', { ...pay, currency: 'XAU' }],
    [finance, 'payments', { ...pay, valueDate: '22.11.2026' }],
    [finance, 'payout', { ...(bodies.payout as object), centAmount: 1e300 }],
    [warehouse, 'shipments', { carrier: 'Post', trackingNumber: '<script>' }],
    [warehouse, 'assay', { lines: [{ lineId: 'l1', finalFineWeightMg: 1e400 }] }],
    [warehouse, 'assay', '{"lines":[{"lineId":"l1","finalFineWeightMg":1e400}]}'],
    [warehouse, 'assay', { lines: [{ lineId: 'l1', finalFineWeightMg: 0.5 }] }],
    [warehouse, 'assay', { lines: [] }],
  ];
  for (const [token, step, body] of cases) {
    const res = await opsCall(api, 'POST', `/ops/orders/${NO_ORDER}/${step}`, token, body, typeof body === 'string' ? { 'content-type': 'application/json' } : {});
    t.equal(res.statusCode, 400, `${step} ${typeof body === 'string' ? body : JSON.stringify(body)}: ${res.body}`);
    t.equal(res.json().code, 'validation_failed');
  }
  const notUuid = await opsCall(api, 'POST', '/ops/orders/123/payments', finance, pay);
  t.equal(notUuid.json().code, 'validation_failed');
});

t.test('queries with unknown or out-of-range parameters are 400 validation_failed', async (t) => {
  const api = await h.api(t);
  const support = await demoToken(api, 'support');
  for (const url of ['/ops/orders?limit=1000', '/ops/orders?offset=-1', '/ops/orders?state=Lost', '/ops/orders?foo=1', '/ops/orders?limit=1e400',
    '/ops/audit?limit=0', '/ops/audit?orderId=nope', '/ops/audit?offset=Infinity']) {
    const res = await opsCall(api, 'GET', url, support);
    t.equal(res.statusCode, 400, `${url}: ${res.body}`);
    t.equal(res.json().code, 'validation_failed');
  }
});

t.test('a bank statement over 5 MB is refused with 413; other calls keep the small limit', async (t) => {
  const api = await h.api(t);
  const finance = await demoToken(api, 'finance');
  const big = await opsCall(api, 'POST', '/ops/bank-statements', finance, { xml: 'x'.repeat(5 * 1024 * 1024 + 10) });
  t.equal(big.statusCode, 413);
  t.equal(big.json().code, 'body_too_large');
  const rawBig = await opsCall(api, 'POST', '/ops/bank-statements', finance, `<a>${'x'.repeat(5 * 1024 * 1024)}</a>`, { 'content-type': 'application/xml' });
  t.equal(rawBig.statusCode, 413);
  const payment = await opsCall(api, 'POST', `/ops/orders/${NO_ORDER}/cancel`, finance, { reason: 'x'.repeat(300 * 1024) });
  t.equal(payment.statusCode, 413, 'the 5 MB are for the statement alone');
  const empty = await opsCall(api, 'POST', '/ops/bank-statements', finance, { xml: '' });
  t.equal(empty.json().code, 'validation_failed');
});
