// Issue 26 (staff) in the back office: the operators page shows whose second factor is set up, and an admin
// resets another operator's second factor there after a confirmation (audited by commerce; that operator's
// sessions end and its next sign-in enrols again). The admin's own factor is never offered, and commerce
// refuses it all the same. (Commerce's rules: test/ops/second-factor.test.ts.)
import t from 'tap';
import { createOperator } from '../../src/commerce/ops/index.ts';
import { uniqueEmail } from '../commerce/helpers.ts';
import { demoToken, opsCall } from '../ops/helpers.ts';
import { backofficeUnderTest, textOf } from './helpers.ts';

const u = await backofficeUnderTest(t);
const PASSWORD = 'Tresor-Schluessel-42';

async function enrolledColleague(): Promise<{ id: string; email: string; b: Awaited<ReturnType<typeof u.signedIn>> }> {
  const email = uniqueEmail('kasse');
  const op = await createOperator(u.api.db, { email, password: PASSWORD, roles: ['finance'], name: 'Kim Kasse' }, { type: 'system', id: 'test', email: null }, u.api.clock());
  const b = u.browser('192.0.2.41');
  await b.get('/sign-in');
  t.equal((await b.post('/sign-in', { email, password: PASSWORD })).statusCode, 303);
  await u.secondStep(b, email);
  t.equal((await b.get('/orders')).statusCode, 200, 'the colleague is signed in');
  return { id: op.id, email, b };
}

t.test('an admin resets a colleague\'s second factor after confirming: a notice, the colleague is signed out and enrols again, the audit names the admin', async (t) => {
  const colleague = await enrolledColleague();
  const admin = await u.signedIn('admin@ops.example');
  const page = await admin.get('/operators');
  t.equal(page.statusCode, 200);
  t.match(textOf(page.body), 'Reset a second factor');
  t.match(page.body, new RegExp(`<option value="${colleague.id}">Kim Kasse \\(${colleague.email}\\)</option>`), 'the colleague is offered by name');
  const adminId = (await u.api.db.query<{ id: string }>('select id from operators where email = $1', ['admin@ops.example']))[0].id;
  t.notMatch(page.body, `<option value="${adminId}"`, 'the admin\'s own factor is not offered');

  const unconfirmed = await admin.post('/operators/second-factor-reset', { operator: colleague.id });
  t.equal(unconfirmed.statusCode, 400, 'nothing without the confirmation');
  t.match(textOf(unconfirmed.body), 'Please confirm the reset.');
  t.match(unconfirmed.body, /id="reset-confirm"[^>]*aria-invalid="true"/, 'the checkbox is marked');
  t.match(unconfirmed.body, new RegExp(`<option value="${colleague.id}" selected=""`), 'the choice is kept');
  t.equal((await colleague.b.get('/orders')).statusCode, 200, 'the colleague is still signed in');

  const done = await admin.post('/operators/second-factor-reset', { operator: colleague.id, confirm: '1' });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, '/operators?done=factorReset');
  const after = await admin.get('/operators?done=factorReset');
  t.match(textOf(after.body), 'The second factor was reset. The operator sets up a new one at the next sign-in.');
  t.match(textOf(after.body), 'Not set up: enrols at the next sign-in', 'the list shows it');

  const out = await colleague.b.get('/orders');
  t.equal(out.statusCode, 303, 'the colleague\'s session ended at once');
  const again = u.browser('192.0.2.41');
  await again.get('/sign-in');
  const signIn = await again.post('/sign-in', { email: colleague.email, password: PASSWORD });
  t.equal(signIn.headers.location, '/sign-in/second-step');
  t.match(textOf((await again.get('/sign-in/second-step')).body), /authenticator/i, 'the next sign-in enrols a new authenticator');

  const audit = (await opsCall(u.api, 'GET', '/ops/audit?limit=50', await demoToken(u.api, 'admin'))).json();
  const entry = audit.results.find((e: { details: Record<string, unknown> }) => e.details?.secondFactor === 'reset' && e.details?.operatorId === colleague.id);
  t.ok(entry, 'audited');
  t.equal(entry?.actor.id, adminId, 'by the admin');
});

t.test('the admin\'s own id typed in: commerce refuses with its message; a non-admin is refused; German texts', async (t) => {
  const admin = await u.signedIn('admin@ops.example');
  await admin.get('/operators');
  const adminId = (await u.api.db.query<{ id: string }>('select id from operators where email = $1', ['admin@ops.example']))[0].id;
  const own = await admin.post('/operators/second-factor-reset', { operator: adminId, confirm: '1' });
  t.equal(own.statusCode, 409);
  t.match(textOf(own.body), 'You cannot reset your own second factor; another admin can.');
  const de = await admin.get('/operators', { 'accept-language': 'de-CH' });
  t.match(textOf(de.body), 'Zweiten Faktor zurücksetzen');

  const colleague = await enrolledColleague();
  await colleague.b.get('/operators');
  const refused = await colleague.b.post('/operators/second-factor-reset', { operator: adminId, confirm: '1' });
  t.equal(refused.statusCode, 403, 'finance may not reset factors');
  t.equal((await admin.get('/orders')).statusCode, 200, 'the admin stays signed in');
});
