// The second-factor primitives customers and operators share (issue 26): a TOTP code is accepted in its own
// 30 s period and the one before, never twice (replay), never later; recovery codes are random and their
// stored form ignores case and the dash.
import t from 'tap';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpCode, totpUri } from '../../src/commerce/auth/second-factor.ts';

const now = Date.UTC(2026, 10, 29, 12, 0, 10);

t.test('a code counts for its period and the one before, once', async (t) => {
  const secret = newTotpSecret();
  t.match(secret, /^[A-Z2-7]{32}$/, '160-bit base32 secret');
  const code = totpCode(secret, now);
  const step = checkTotp(secret, code, now);
  t.equal(step, Math.floor(now / 1000 / 30), 'accepted with its time step');
  t.equal(checkTotp(secret, code, now, step), null, 'the same code again is a replay');
  t.equal(checkTotp(secret, code, now + 30_000), step, 'still good in the next period (a slow typist)');
  t.equal(checkTotp(secret, code, now + 60_000), null, 'two periods later: expired');
  t.equal(checkTotp(secret, totpCode(secret, now + 30_000), now), null, 'a code from the future is refused');
  t.equal(checkTotp(secret, '12345', now), null, 'five digits');
  t.equal(checkTotp(secret, 'abcdef', now), null, 'letters');
  t.equal(checkTotp('not base32 !', '123456', now), null, 'a broken secret never matches');
  t.equal(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now), step, 'a space typed in the middle is fine');
});

t.test('the enrolment URI names the issuer and the account', async (t) => {
  const uri = totpUri('JBSWY3DPEHPK3PXP', 'Goldshop DE', 'anna@example.com');
  t.match(uri, /^otpauth:\/\/totp\/Goldshop%20DE:anna%40example\.com\?/);
  t.match(uri, /secret=JBSWY3DPEHPK3PXP/);
  t.match(uri, /issuer=Goldshop%20DE/);
});

t.test('recovery codes: ten, distinct, stored without case or dash', async (t) => {
  const codes = newRecoveryCodes();
  t.equal(codes.length, 10);
  t.equal(new Set(codes).size, 10);
  for (const c of codes) t.ok(looksLikeRecoveryCode(c), c);
  t.equal(hashRecoveryCode(codes[0].toUpperCase().replace('-', '')), hashRecoveryCode(codes[0]));
  t.not(hashRecoveryCode(codes[0]), hashRecoveryCode(codes[1]));
  t.notOk(looksLikeRecoveryCode('123456'), 'a TOTP code is not a recovery code');
});
