// The signed-in customer's API: who am I, profile, password change, account deletion, addresses with their
// default flags, phone verification by SMS code. Field messages arrive on the browser's own field names.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { lastMessageTo, signedIn, startShop, swissAddress } from './helpers.ts';

t.test('the customer\'s own data', async (t) => {
  const shop = await startShop(t);

  t.test('GET /api/me answers guests without a call and customers with their data (no tokens)', async (t) => {
    const guest = shop.browser();
    t.same((await guest.get('/api/me')).json, { session: { level: 'guest' }, customer: null });
    const { b, account } = await signedIn(shop);
    const me = await b.get('/api/me');
    t.equal(me.json.customer.email, account.email);
    t.notOk('storeKey' in me.json.customer, 'reshaped: no wire fields the pages do not need');
    t.same(me.json.customer.addresses, []);
  });

  t.test('PUT /api/me saves the profile; a bad phone number lands on its field; guests are told to log in', async (t) => {
    const { b } = await signedIn(shop);
    const ok = await b.put('/api/me', { firstName: 'Annette', salutation: 'ms', phone: '+41 44 668 18 00', newsletterOptIn: true, title: '' });
    t.equal(ok.status, 200);
    t.equal(ok.json.customer.firstName, 'Annette');
    t.equal(ok.json.customer.phone, '+41446681800');
    t.equal(ok.json.customer.title, null, 'an empty optional field is cleared');
    const bad = await b.put('/api/me', { phone: '0041 44' });
    t.equal(bad.status, 400);
    t.equal(bad.json.message, 'Bitte korrigieren Sie 1 Feld.');
    // 00 stands for +, but +41 44 lacks digits: the spec's 'Phone number is not valid.'
    t.same(bad.json.details.fields, [{ field: 'phone', code: 'phone_format', message: 'Die Telefonnummer ist ungültig.' }]);
    const company = await b.put('/api/me', { accountType: 'company' });
    t.same(company.json.details.fields.map((f: { field: string }) => f.field).sort(), ['companyName', 'vatId']);
    const guest = shop.browser();
    await guest.open();
    const refused = await guest.put('/api/me', { firstName: 'X' });
    t.equal(refused.status, 401);
    t.equal(refused.json.code, 'not_signed_in');
    t.equal(refused.json.message, 'Bitte melden Sie sich an.');
  });

  t.test('PUT /api/me/password: the current password must be right, the new one follow the rules', async (t) => {
    const { b, account } = await signedIn(shop);
    const wrong = await b.put('/api/me/password', { currentPassword: 'Nope12345', newPassword: 'Platin2026' });
    t.equal(wrong.status, 400);
    t.same(wrong.json.details.fields, [{ field: 'currentPassword', code: 'invalid_current_password', message: 'Das eingegebene Passwort ist falsch.' }]);
    const weak = await b.put('/api/me/password', { currentPassword: account.password, newPassword: 'platin' });
    t.equal(weak.json.details.fields[0].field, 'newPassword');
    const mismatch = await b.put('/api/me/password', { currentPassword: account.password, newPassword: 'Platin2026', newPasswordRepeat: 'Platin2025' });
    t.equal(mismatch.json.details.fields[0].code, 'password_mismatch');
    const ok = await b.put('/api/me/password', { currentPassword: account.password, newPassword: 'Platin2026', newPasswordRepeat: 'Platin2026' });
    t.equal(ok.status, 200);
    t.equal((await b.get('/api/me')).json.session.level, 'user', 'this session stays signed in');
  });

  t.test('addresses: add, field errors, update, default flags, delete', async (t) => {
    const { b } = await signedIn(shop);
    const first = await b.post('/api/me/addresses', swissAddress());
    t.equal(first.status, 201);
    const a1 = first.json.customer.addresses[0];
    t.ok(a1.defaultShipping && a1.defaultBilling, 'the first address is the default for both');

    const zip = await b.post('/api/me/addresses', swissAddress({ zipCode: '123' }));
    t.equal(zip.status, 400);
    t.same(zip.json.details.fields, [{ field: 'zipCode', code: 'invalid_zip', message: 'Ungültige Postleitzahl.' }], 'the browser\'s field name');
    b.language = 'en';
    const country = await b.post('/api/me/addresses', swissAddress({ country: 'DE', zipCode: '10115' }));
    t.same(country.json.details.fields, [{ field: 'country', code: 'country_not_allowed', message: 'Shipping country not allowed.' }]);
    // a Swiss number in the national form is taken (issue 28); one that is too short for a Swiss number is not
    const phone = await b.post('/api/me/addresses', swissAddress({ phone: '12345' }));
    t.same(phone.json.details.fields, [{ field: 'phone', code: 'phone_format', message: 'Phone number is not valid.' }]);
    const missing = await b.post('/api/me/addresses', {});
    t.equal(missing.json.message, 'Please correct 7 fields.');
    b.language = 'de';

    const second = await b.post('/api/me/addresses', swissAddress({ firstName: 'Bruno', country: 'li', zipCode: '9490', city: 'Vaduz' }));
    t.equal(second.status, 201);
    const a2 = second.json.customer.addresses.find((a: { firstName: string }) => a.firstName === 'Bruno');
    t.equal(a2.country, 'LI', 'the country code is upper-cased');
    t.notOk(a2.defaultShipping);

    const edited = await b.put(`/api/me/addresses/${a2.id}`, { ...swissAddress({ firstName: 'Bruno', streetName: 'Städtle', streetNumber: '1', zipCode: '9490', city: 'Vaduz', country: 'LI' }) });
    t.equal(edited.status, 200);
    t.equal(edited.json.customer.addresses.find((a: { id: string }) => a.id === a2.id).streetName, 'Städtle');

    const billing = await b.put(`/api/me/addresses/${a2.id}/default`, { billing: true });
    t.equal(billing.status, 200);
    const after = billing.json.customer;
    t.equal(after.defaultBillingAddressId, a2.id);
    t.equal(after.defaultShippingAddressId, a1.id, 'shipping stays');
    t.equal(after.addresses.find((a: { id: string }) => a.id === a2.id).streetName, 'Städtle', 'the rest of the address is unchanged');
    const neither = await b.put(`/api/me/addresses/${a2.id}/default`, {});
    t.equal(neither.status, 400);

    const notDefault = await b.delete(`/api/me/addresses/${a1.id}`);
    t.equal(notDefault.status, 409, 'a default address cannot go while others exist');
    t.equal(notDefault.json.code, 'address_is_default');
    t.match(notDefault.json.message, /Standardadresse/);

    t.equal((await b.put(`/api/me/addresses/${a1.id}/default`, { shipping: true, billing: true })).status, 200);
    const removed = await b.delete(`/api/me/addresses/${a2.id}`);
    t.equal(removed.status, 200);
    t.equal(removed.json.customer.addresses.length, 1);

    for (const path of [`/api/me/addresses/${randomUUID()}`, '/api/me/addresses/not-a-uuid', `/api/me/addresses/${randomUUID()}/default`]) {
      const res = path.endsWith('/default') ? await b.put(path, { shipping: true }) : await b.put(path, swissAddress());
      t.equal(res.status, 404, path);
      t.equal(res.json.code, 'address_not_found', path);
    }
    t.equal((await b.delete(`/api/me/addresses/${randomUUID()}`)).status, 404);
  });

  t.test('another customer\'s address cannot be touched', async (t) => {
    const { b: owner } = await signedIn(shop);
    const added = await owner.post('/api/me/addresses', swissAddress());
    const id = added.json.customer.addresses[0].id;
    const { b: other } = await signedIn(shop);
    t.equal((await other.put(`/api/me/addresses/${id}`, swissAddress({ city: 'Bern', zipCode: '3000' }))).status, 404);
    t.equal((await other.delete(`/api/me/addresses/${id}`)).status, 404);
    t.equal((await owner.get('/api/me')).json.customer.addresses[0].city, 'Zürich');
  });

  t.test('the US store asks for a state', async (t) => {
    const { b } = await signedIn(shop, 'us.localhost');
    b.language = 'en';
    const res = await b.post('/api/me/addresses', { firstName: 'Sam', lastName: 'Lee', streetName: 'Main St', streetNumber: '5', zipCode: '10001', city: 'New York', country: 'US' });
    t.same(res.json.details.fields, [{ field: 'state', code: 'required', message: 'This field is required.' }]);
    const ok = await b.post('/api/me/addresses', { firstName: 'Sam', lastName: 'Lee', streetName: 'Main St', streetNumber: '5', zipCode: '10001', city: 'New York', country: 'US', state: 'NY' });
    t.equal(ok.status, 201);
  });

  t.test('phone verification by SMS code', async (t) => {
    const { b } = await signedIn(shop);
    const noPhone = await b.post('/api/me/phone/verification', {});
    t.equal(noPhone.status, 409);
    t.equal(noPhone.json.code, 'phone_missing');
    t.equal(noPhone.json.message, 'Bitte erfassen Sie zuerst eine Telefonnummer in Ihrem Profil.');
    await b.put('/api/me', { phone: '+41 79 123 45 67' });
    const sent = await b.post('/api/me/phone/verification', {});
    t.equal(sent.status, 202);
    t.match(sent.json.phone, /^\+41.*67$/);
    const sms = await lastMessageTo(shop.db, '+41791234567');
    const code = /(\d{6})/.exec(sms?.text ?? '')?.[1] as string;
    t.ok(code, 'the SMS holds a six-digit code');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await b.post('/api/me/phone/verification/verify', { code: wrongCode });
    t.equal(wrong.status, 400);
    t.equal(wrong.json.code, 'invalid_code');
    t.equal(wrong.json.message, 'Der Bestätigungscode ist falsch.');
    t.equal(wrong.json.details.attemptsLeft, 4);
    const again = await b.post('/api/me/phone/verification', {});
    t.equal(again.status, 429, 'one SMS per minute');
    t.match(again.json.message, /^Bitte warten Sie, bevor Sie einen neuen Code anfordern\. Bitte versuchen Sie es in/);
    const ok = await b.post('/api/me/phone/verification/verify', { code });
    t.equal(ok.status, 200);
    t.equal(ok.json.customer.phoneVerified, true);
    const empty = await b.post('/api/me/phone/verification/verify', {});
    t.equal(empty.status, 400);
  });

  t.test('DELETE /api/me: password confirmation, blocked by open limit orders, then everything goes', async (t) => {
    const { b, account } = await signedIn(shop);
    const me = (await b.get('/api/me')).json.customer;
    const wrong = await b.delete('/api/me', { password: 'Wrong1234' });
    t.equal(wrong.status, 400);
    t.equal(wrong.json.details.fields[0].field, 'password');
    const none = await b.delete('/api/me', {});
    t.equal(none.status, 400);
    await shop.db.query(
      `insert into limit_orders (id, customer_id, store_key, number, sku, status, created_at, quantity, target_cents, currency, country, expires_at)
       values ($1, $2, 'ch', $3, 'GOLD-1OZ', 'active', now(), 1, 100000, 'CHF', 'CH', now() + interval '7 days')`,
      [randomUUID(), me.id, `LO-${Date.now()}`],
    );
    const blocked = await b.delete('/api/me', { password: account.password });
    t.equal(blocked.status, 409);
    t.equal(blocked.json.code, 'limit_orders_exist');
    t.equal(blocked.json.message, 'Bitte löschen Sie zuerst Ihre Limit-Orders, bevor Sie Ihr Kundenkonto löschen.');
    await shop.db.query(`update limit_orders set status = 'cancelled' where customer_id = $1`, [me.id]);
    const deleted = await b.delete('/api/me', { password: account.password });
    t.equal(deleted.status, 200);
    t.same(deleted.json, { ok: true, session: { level: 'guest' } });
    t.notOk(b.cookie('ctToken'), 'signed out');
    t.equal((await b.post('/api/login', { email: account.email, password: account.password })).status, 401, 'the account is gone');
  });
});
