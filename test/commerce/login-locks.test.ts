// Issue 24: one sign-in lock implementation, in lib/rate.ts, with a policy per kind of sign-in. The operators
// used to write login_throttle with a statement and rules of their own (ops/repository.ts); now an e-mail no
// operator has counts through the same function as the customers' sign-ins, under the operators' policy.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { LOGIN_LOCKS, loginLockRemaining, recordLoginFailure, subjectKey } from '../../src/commerce/lib/rate.ts';
import { OPS_LOCK_AFTER, OPS_LOCK_S } from '../../src/commerce/ops/auth.ts';
import { commerceHarness, T0 } from './helpers.ts';

const h = await commerceHarness(t);
const at = (s: number) => new Date(T0 + s * 1000);

t.test('an e-mail no operator has: five wrong sign-ins in a row lock for 15 minutes, then the count starts again', async (t) => {
  t.equal(OPS_LOCK_AFTER, LOGIN_LOCKS.operator.freeFailures, 'the operators\' numbers are the policy\'s');
  t.equal(OPS_LOCK_S, 15 * 60);
  const subject = subjectKey('ops_login', `nobody.${Math.random()}@example.ch`);
  for (let i = 1; i < 5; i++) t.same(await recordLoginFailure(h.db, subject, at(i * 600), 'operator'), { lockS: 0, lockedUntil: null }, `failure ${i}: free`);
  const fifth = await recordLoginFailure(h.db, subject, at(3000), 'operator');
  t.same(fifth, { lockS: 900, lockedUntil: at(3900) }, 'in a row, however far apart: the fifth locks 15 minutes');
  t.equal(await loginLockRemaining(h.db, subject, at(3000)), 900);
  t.same(await recordLoginFailure(h.db, subject, at(4000), 'operator'), { lockS: 0, lockedUntil: null }, 'after the lock: the count started again');
});

t.test('a customer\'s sign-in keeps its own policy: five per quarter hour, then locks from one minute doubling', async (t) => {
  const subject = subjectKey('login', `kunde.${Math.random()}@example.ch`, '192.0.2.7');
  for (let i = 1; i < 5; i++) t.equal((await recordLoginFailure(h.db, subject, at(i))).lockS, 0);
  t.equal((await recordLoginFailure(h.db, subject, at(5))).lockS, 60, 'the fifth: one minute');
  t.equal((await recordLoginFailure(h.db, subject, at(70))).lockS, 120, 'the sixth: two');
  t.equal((await recordLoginFailure(h.db, subject, at(70 + 16 * 60))).lockS, 0, 'a quiet quarter of an hour forgets them');
});

t.test('login_throttle is written by lib/rate.ts alone', async (t) => {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
  const writers = files('src/commerce').filter((f) => /(insert into|update|delete from)\s+login_throttle/i.test(readFileSync(f, 'utf8')));
  t.same(writers, ['src/commerce/lib/rate.ts']);
});
