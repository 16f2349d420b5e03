// Issue 24: repositories own the SQL of their tables. app.ts purged five tables itself, the newsletter updated
// customers, the limit orders inserted carts, the operators wrote login_throttle; each now goes through the
// owning feature (customers' purgeCustomerData and setNewsletterOptIn, the outbox's purgeOutbox, the carts'
// limitOrderCart, lib/rate.ts's recordLoginFailure). The source is the evidence; this keeps it so.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';

const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
});
const source = new Map(files('src/commerce').map((f) => [f, readFileSync(f, 'utf8')]));
const writersOf = (table: string) => [...source].filter(([, s]) => new RegExp(`(insert into|update|delete from)\\s+${table}\\b`, 'i').test(s)).map(([f]) => f).sort();

t.test('app.ts holds no SQL: housekeeping calls each feature\'s purge', async (t) => {
  const app = source.get('src/commerce/app.ts')!;
  t.notMatch(app, /\b(delete from|insert into|update \w+ set)\b/i, 'no statement that changes a table (the readiness probe\'s select 1 stays)');
  t.match(app, /purgeCustomerData\(/);
  t.match(app, /purgeOutbox\(/);
});

t.test('the customers table is written by the customers feature alone (the newsletter goes through its door)', async (t) => {
  t.same(writersOf('customers').filter((f) => !f.startsWith('src/commerce/customers/')), []);
});

t.test('the carts table is written by the carts feature alone (the limit orders build their cart through its service)', async (t) => {
  t.same(writersOf('carts').filter((f) => !f.startsWith('src/commerce/carts/')), []);
});

t.test('outbox, one_time_tokens and sms_codes are purged by their features\' repositories', async (t) => {
  // the kernel's delivery (lib/outbox.ts, since the import-circle work) marks its rows sent or failed: the kernel
  // imports no feature, so that one writer stays beside the outbox feature's
  t.same(writersOf('outbox').filter((f) => !f.startsWith('src/commerce/outbox/')), ['src/commerce/lib/outbox.ts']);
  t.same(writersOf('one_time_tokens'), ['src/commerce/customers/repository.ts']);
  t.same(writersOf('sms_codes'), ['src/commerce/customers/repository.ts']);
});

// Issue 24 (the service layer): a route closure parses, calls one service function and answers; the
// transaction and the rules are the feature's service.ts, the SQL its repository. No routes file under
// src/commerce opens a transaction or runs a statement itself.
const routeFiles = [...source.keys()].filter((f) => /(^|\/)([\w-]+-)?routes\.ts$/.test(f)).sort();

t.test('no routes file under src/commerce runs .query( or .transaction( itself', async (t) => {
  t.ok(routeFiles.length >= 15, `the routes files are found (${routeFiles.length})`);
  const offenders = routeFiles.filter((f) => /\.(query|transaction)\s*\(/.test(source.get(f)!));
  t.same(offenders, [], 'every routes file goes through its service');
});
