// Issue 15, migration 0030 on a shop that ran before it: until then nothing could record a payment, so every
// bank-transfer purchase placed before is Open and Pending whether or not its money arrived. The first run
// of the payment-deadline job after the deploy must not cancel them all and tell their customers so: they
// stay in the "to pay" queue for finance, who records the transfers they have or cancels by hand.
import { randomUUID } from 'node:crypto';
import { testCompanyFacts } from '../company-facts.ts';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { migrate, migrationsDir, openDb } from '../../src/commerce/db/index.ts';
import { paymentDeadlines } from '../../src/commerce/lifecycle/jobs.ts';
import { testClock, testConfig } from '../commerce/helpers.ts';

t.test('orders placed before the lifecycle are not cancelled (nor reminded) by the first deadline run', async (t) => {
  const db = await openDb('memory');
  t.teardown(() => db.close());
  const before = mkdtempSync(join(tmpdir(), 'mig-'));
  for (const f of readdirSync(migrationsDir).filter((f) => f < '0030')) cpSync(join(migrationsDir, f), join(before, f));
  await migrate(db, before);
  const customerId = randomUUID();
  const orderId = randomUUID();
  const placed = new Date('2026-09-01T10:00:00Z');
  await db.query(`insert into customers (id, store_key, kind, created_at, updated_at) values ($1, 'ch', 'anonymous', $2, $2)`, [customerId, placed]);
  await db.query(
    `insert into orders (id, customer_id, store_key, order_number, created_at, type, order_state, payment_state, currency, total_gross_cents, data)
     values ($1, $2, 'ch', 'CH-B-2026-000007', $3, 'buy', 'Open', 'Pending', 'CHF', 350000, $4::jsonb)`,
    [orderId, customerId, placed, JSON.stringify({ paymentMethod: 'bank-transfer', shippingMethod: 'insured-shipping', customerEmail: 'anna@example.ch', lines: [] })],
  );
  await migrate(db);

  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(), logger: false, clock: testClock(Date.parse('2026-11-25T10:00:00Z')) });
  t.teardown(() => app.close());
  const result = await paymentDeadlines(app.commerce);
  t.same(result, { reminded: 0, cancelled: 0 });
  const [row] = await db.query<{ order_state: string; payment_state: string }>('select order_state, payment_state from orders where id = $1', [orderId]);
  t.same(row, { order_state: 'Open', payment_state: 'Pending' }, 'still awaiting its payment: finance decides');
});
