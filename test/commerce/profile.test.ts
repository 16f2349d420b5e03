// The customer's own data: profile updates, addresses with their rules (zip per country, phone, allowed
// shipping countries, one default of each kind), and that nobody reads or changes another's data.
import t from 'tap';
import { anonymous, commerceHarness, login, registerVerified, swissAddress } from './helpers.ts';
import type { Api } from './helpers.ts';

const h = await commerceHarness(t);

async function signedIn(api: Api, store: 'ch' | 'at' | 'de' | 'li' | 'us' = 'ch') {
  const account = await registerVerified(api, { store });
  const session = await login(api, account);
  return { ...account, token: session.accessToken };
}

const fieldsOf = (body: { details?: { fields?: Array<{ field: string; code: string }> } }) =>
  Object.fromEntries((body.details?.fields ?? []).map((f) => [f.field, f.code]));

t.test('PUT /customers/{id} changes the given profile fields and keeps the others', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  const res = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { firstName: 'Anne', phone: '+41 79 765 43 21', language: 'en', newsletterOptIn: true } });
  t.equal(res.statusCode, 200);
  t.match(res.json(), { id: me.id, firstName: 'Anne', lastName: 'Muster', phone: '+41797654321', language: 'en', newsletterOptIn: true, email: me.email });
  const cleared = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { phone: null } });
  t.equal(cleared.json().phone, null);
  const company = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { accountType: 'company' } });
  t.equal(company.statusCode, 400);
  t.same(fieldsOf(company.json()), { companyName: 'required', vatId: 'required' });
  const ok = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { accountType: 'company', companyName: 'Muster AG', vatId: 'CHE-109.322.551' } });
  t.match(ok.json(), { accountType: 'company', companyName: 'Muster AG', vatId: 'CHE-109.322.551' });
  const renamed = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { companyName: 'Muster Gold AG' } });
  t.match(renamed.json(), { companyName: 'Muster Gold AG', vatId: 'CHE-109.322.551' }, 'a partial update keeps the valid VAT id');
});

t.test('profile errors are field errors; the e-mail cannot be changed here', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  const res = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { firstName: '', phone: '12345', salutation: 'sir' } });
  t.equal(res.statusCode, 400);
  // '12345': read as a Swiss number in the national form (issue 28), too short for one
  t.same(fieldsOf(res.json()), { salutation: 'invalid_value', firstName: 'required', phone: 'phone_format' });
  const email = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { email: 'new@example.ch' } });
  t.equal(email.statusCode, 400);
  t.same(fieldsOf(email.json()), { email: 'unknown_field' });
  const markup = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { lastName: '<script>' } });
  t.same(fieldsOf(markup.json()), { lastName: 'invalid_value' });
});

t.test('adding addresses: the first becomes default for both, defaults move, at most one of each', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  const first = await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress() } });
  t.equal(first.statusCode, 200);
  const c1 = first.json();
  t.equal(c1.addresses.length, 1);
  t.match(c1.addresses[0], { firstName: 'Anna', streetName: 'Bahnhofstrasse', zipCode: '8001', country: 'CH', phone: '+41446681800', defaultShipping: true, defaultBilling: true, company: null });
  t.equal(c1.defaultShippingAddressId, c1.addresses[0].id);
  const second = (await api.call('PUT', `/customers/${me.id}/address`, {
    token: me.token, body: { address: swissAddress({ streetName: 'Landstrasse', zipCode: '9490', city: 'Vaduz', country: 'LI', defaultShipping: true }) },
  })).json();
  t.equal(second.addresses.length, 2);
  t.equal(second.defaultShippingAddressId, second.addresses[1].id, 'the new address took default shipping');
  t.equal(second.defaultBillingAddressId, second.addresses[0].id, 'billing stayed');
  t.equal(second.addresses.filter((a: { defaultShipping: boolean }) => a.defaultShipping).length, 1);
});

t.test('updating an address replaces it; flags given take the default, absent flags stay', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress() } });
  const two = (await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress({ city: 'Bern', zipCode: '3011' }) } })).json();
  const [a, b] = two.addresses;
  const res = await api.call('PUT', `/customers/${me.id}/address/${b.id}`, {
    token: me.token, body: { address: swissAddress({ city: 'Basel', zipCode: '4051', apartment: '3. OG', company: 'Muster AG', defaultBilling: true }) },
  });
  t.equal(res.statusCode, 200);
  const c = res.json();
  const updated = c.addresses.find((x: { id: string }) => x.id === b.id);
  t.match(updated, { city: 'Basel', zipCode: '4051', apartment: '3. OG', company: 'Muster AG', defaultBilling: true, defaultShipping: false });
  t.equal(c.defaultBillingAddressId, b.id);
  t.equal(c.defaultShippingAddressId, a.id);
  const missing = await api.call('PUT', `/customers/${me.id}/address/6f1c1bde-8b7e-4f7e-9a55-1d1f5ab0c0de`, { token: me.token, body: { address: swissAddress() } });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().code, 'address_not_found');
});

t.test('address rules: required fields, zip per country, allowed countries, phone with country code', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  const empty = await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: {} } });
  t.equal(empty.statusCode, 400);
  t.same(fieldsOf(empty.json()), {
    'address.firstName': 'required', 'address.lastName': 'required', 'address.streetName': 'required', 'address.streetNumber': 'required',
    'address.city': 'required', 'address.country': 'required', 'address.zipCode': 'required',
  });
  const check = async (store: 'ch' | 'at' | 'de' | 'li' | 'us', who: { id: string; token: string }, overrides: Record<string, unknown>) =>
    fieldsOf((await api.call('PUT', `/customers/${who.id}/address`, { store, token: who.token, body: { address: swissAddress(overrides) } })).json());
  t.same(await check('ch', me, { zipCode: '800' }), { 'address.zipCode': 'invalid_zip' }, 'Switzerland: four digits');
  t.same(await check('ch', me, { country: 'LI', zipCode: '9500' }), { 'address.zipCode': 'zip_not_found' }, 'Liechtenstein: 9485-9498, no other code exists');
  t.same(await check('ch', me, { country: 'DE', zipCode: '10115' }), { 'address.country': 'country_not_allowed' }, 'the ch store ships to CH and LI only');
  // issue 28: the store's own country in the national form is taken (and stored internationally, test/commerce/field-rules.test.ts)
  t.same(await check('ch', me, { phone: '044 668 18 00' }), {}, 'a Swiss number without +41 on the Swiss store');
  t.same(await check('ch', me, { phone: '+41 12' }), { 'address.phone': 'invalid_phone' });
  const at = await signedIn(api, 'at');
  t.same(await check('at', at, { country: 'AT', zipCode: '10100' }), { 'address.zipCode': 'invalid_zip' }, 'Austria: four digits');
  t.same(await check('at', at, { country: 'DE', zipCode: '1010' }), { 'address.zipCode': 'invalid_zip' }, 'Germany: five digits');
  t.same(await check('at', at, { country: 'DE', zipCode: '10115', phone: '+49 30 901820' }), {}, 'the at store ships to Germany');
  const us = await signedIn(api, 'us');
  t.same(await check('us', us, { country: 'US', zipCode: '10001', state: '' }), { 'address.state': 'required' });
  t.same(await check('us', us, { country: 'US', zipCode: '1000', state: 'NY' }), { 'address.zipCode': 'invalid_zip' });
  t.same(await check('us', us, { country: 'US', zipCode: '10001-1234', state: 'XX' }), { 'address.state': 'invalid_state' });
  t.same(await check('us', us, { country: 'US', zipCode: '10001-1234', state: 'ny', phone: '+1 212 736 3100' }), {}, 'ZIP+4 and a lower-case state');
  const country = (await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress({ country: 'FR' }) } })).json();
  t.equal(country.details.fields[0].message, 'Shipping country not allowed.');
  const noBody = await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: {} });
  t.same(fieldsOf(noBody.json()), { address: 'required' });
});

t.test('a default address cannot be removed while others exist; others and the last one can', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress() } });
  const c = (await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress({ city: 'Bern', zipCode: '3011' }) } })).json();
  const [def, other] = c.addresses;
  const refused = await api.call('DELETE', `/customers/${me.id}/address/${def.id}`, { token: me.token });
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().code, 'address_is_default');
  t.match(refused.json().message, /^Selected address cannot be removed/);
  const removed = await api.call('DELETE', `/customers/${me.id}/address/${other.id}`, { token: me.token });
  t.equal(removed.statusCode, 200);
  t.equal(removed.json().addresses.length, 1);
  const last = await api.call('DELETE', `/customers/${me.id}/address/${def.id}`, { token: me.token });
  t.equal(last.statusCode, 200);
  t.same(last.json().addresses, []);
  t.equal(last.json().defaultShippingAddressId, null);
  const gone = await api.call('DELETE', `/customers/${me.id}/address/${def.id}`, { token: me.token });
  t.equal(gone.statusCode, 404);
  t.equal((await api.call('DELETE', `/customers/${me.id}/address/not-a-uuid`, { token: me.token })).statusCode, 404);
});

t.test('an account keeps at most 50 addresses', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  await api.db.query(
    `insert into addresses (id, customer_id, first_name, last_name, street_name, street_number, zip_code, city, country, created_at, updated_at)
     select gen_random_uuid(), $1, 'A', 'B', 'S', '1', '8001', 'Zürich', 'CH', now(), now() from generate_series(1, 50)`,
    [me.id],
  );
  const res = await api.call('PUT', `/customers/${me.id}/address`, { token: me.token, body: { address: swissAddress() } });
  t.equal(res.statusCode, 409);
  t.equal(res.json().code, 'too_many_addresses');
});

t.test('a customer cannot read or change another customer\'s profile or addresses', async (t) => {
  const api = await h.api(t);
  const alice = await signedIn(api);
  const bob = await signedIn(api);
  const bobAddress = (await api.call('PUT', `/customers/${bob.id}/address`, { token: bob.token, body: { address: swissAddress({ firstName: 'Bob' }) } })).json().addresses[0];
  const before = (await api.call('GET', '/customers/me', { token: bob.token })).json();

  const attempts = [
    await api.call('PUT', `/customers/${bob.id}`, { token: alice.token, body: { firstName: 'Mallory' } }),
    await api.call('PUT', `/customers/${bob.id}/address`, { token: alice.token, body: { address: swissAddress() } }),
    await api.call('PUT', `/customers/${bob.id}/address/${bobAddress.id}`, { token: alice.token, body: { address: swissAddress({ city: 'Genf', zipCode: '1201' }) } }),
    await api.call('DELETE', `/customers/${bob.id}/address/${bobAddress.id}`, { token: alice.token }),
    await api.call('DELETE', `/customers/${bob.id}`, { token: alice.token, body: { password: alice.password } }),
    await api.call('POST', `/customers/${bob.id}/phone/verification`, { token: alice.token }),
    await api.call('POST', `/customers/${bob.id}/phone/verification/verify`, { token: alice.token, body: { code: '123456' } }),
    await api.call('POST', '/customers/merge', { token: alice.token, body: { anonymousId: alice.id, customerId: bob.id } }),
  ];
  for (const res of attempts) {
    t.equal(res.statusCode, 404, 'answers as if the customer did not exist');
    t.equal(res.json().code, 'customer_not_found');
    t.notMatch(res.body, /Bob|Muster/, 'and shows none of the data');
  }
  const ownAddressOfOther = await api.call('PUT', `/customers/${alice.id}/address/${bobAddress.id}`, { token: alice.token, body: { address: swissAddress() } });
  t.equal(ownAddressOfOther.statusCode, 404, 'another customer\'s address id under one\'s own id');
  t.equal(ownAddressOfOther.json().code, 'address_not_found');
  t.equal((await api.call('DELETE', `/customers/${alice.id}/address/${bobAddress.id}`, { token: alice.token })).statusCode, 404);
  const after = (await api.call('GET', '/customers/me', { token: bob.token })).json();
  t.same(after, before, 'nothing changed');
  const me = (await api.call('GET', '/customers/me', { token: alice.token })).json();
  t.equal(me.customer.id, alice.id, 'me shows one\'s own data only');
  t.same(me.customer.addresses, []);
});

t.test('guests and callers without a token cannot use the customer calls', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api);
  const guest = await anonymous(api);
  const asGuest = await api.call('PUT', `/customers/${me.id}`, { token: guest.accessToken, body: { firstName: 'X' } });
  t.equal(asGuest.statusCode, 403);
  t.equal(asGuest.json().code, 'user_token_required');
  const own = await api.call('PUT', `/customers/${guest.ownerId}/address`, { token: guest.accessToken, body: { address: swissAddress() } });
  t.equal(own.statusCode, 403, 'a guest has no addresses of its own here');
  const none = await api.call('PUT', `/customers/${me.id}`, { body: { firstName: 'X' } });
  t.equal(none.statusCode, 401);
});
