// The password hash's cost (issue 27, CI time): production hashes at scrypt 2^15; only the test runs lower it
// (PASSWORD_HASH_LOG_N in test/tap.env), and a hash made at any accepted cost verifies whatever the setting.
import t from 'tap';
import { hashCost, hashPassword, verifyPassword } from '../../src/commerce/auth/passwords.ts';

t.test('without the setting (production) a password is hashed at 2^15', async (t) => {
  t.equal(hashCost({}), 15);
  t.equal(hashCost({ PASSWORD_HASH_LOG_N: '' }), 15);
});

t.test('the setting is honoured only between 2^10 and 2^15: it can never weaken the hash further or make it a denial of service', async (t) => {
  t.equal(hashCost({ PASSWORD_HASH_LOG_N: '10' }), 10);
  t.equal(hashCost({ PASSWORD_HASH_LOG_N: '12' }), 12);
  for (const v of ['4', '9', '16', '30', 'x', '10.5']) t.equal(hashCost({ PASSWORD_HASH_LOG_N: v }), 15, `${v} -> 15`);
});

t.test('a hash carries its cost: one made at 2^15 verifies while the setting says 2^10, and the reverse', async (t) => {
  const before = process.env.PASSWORD_HASH_LOG_N;
  t.teardown(() => {
    if (before === undefined) delete process.env.PASSWORD_HASH_LOG_N;
    else process.env.PASSWORD_HASH_LOG_N = before;
  });
  process.env.PASSWORD_HASH_LOG_N = '15';
  const strong = await hashPassword('Geheim-123');
  t.match(strong, /^scrypt\$15\$8\$1\$/);
  process.env.PASSWORD_HASH_LOG_N = '10';
  const cheap = await hashPassword('Geheim-123');
  t.match(cheap, /^scrypt\$10\$8\$1\$/);
  t.ok(await verifyPassword('Geheim-123', strong), 'the 2^15 hash verifies under 2^10');
  t.notOk(await verifyPassword('geheim-123', strong));
  process.env.PASSWORD_HASH_LOG_N = '15';
  t.ok(await verifyPassword('Geheim-123', cheap), 'the 2^10 hash verifies under 2^15');
});
