// The service refuses what the browser refuses, with the same code: each case runs through the rules as
// the forms run them (src/contracts/field-rules.ts with the "min" phone metadata, as
// views/components/forms/field-rules.ts does) and through the commerce service's address and profile
// endpoints, and both answers must be the expected one.
import t from 'tap';
import minMetadata from 'libphonenumber-js/min/metadata';
import { checkVatId, checkZip } from '../../src/contracts/field-rules.ts';
import { checkPhone } from '../../src/contracts/phone-rules.ts';
import type { StoreKey } from '../../src/stores.ts';
import { commerceHarness, login, registerVerified, swissAddress } from './helpers.ts';
import type { Api } from './helpers.ts';

const h = await commerceHarness(t);

const fieldsOf = (body: { details?: { fields?: Array<{ field: string; code: string }> } }) =>
  Object.fromEntries((body.details?.fields ?? []).map((f) => [f.field, f.code]));

async function signedIn(api: Api, store: StoreKey) {
  const account = await registerVerified(api, { store });
  const session = await login(api, account);
  return { ...account, token: session.accessToken };
}

const newYork = { streetName: 'Fifth Avenue', streetNumber: '350', city: 'New York', country: 'US', state: 'NY', zipCode: '10118', phone: '(212) 555-0100' };

interface Case {
  store: StoreKey;
  address: Record<string, unknown>;
  /** the codes of address.zipCode and address.phone (null: accepted) */
  zip: string | null;
  phone: string | null;
}

const cases: Case[] = [
  { store: 'us', address: newYork, zip: null, phone: null },
  { store: 'us', address: { ...newYork, phone: '212 555 0100' }, zip: null, phone: null },
  { store: 'us', address: { ...newYork, state: 'CA' }, zip: 'zip_state_mismatch', phone: null },
  { store: 'us', address: { ...newYork, zipCode: '1011', phone: '555 0100' }, zip: 'invalid_zip', phone: 'phone_format' },
  { store: 'us', address: { ...newYork, zipCode: '00010' }, zip: 'zip_not_found', phone: null },
  { store: 'ch', address: { zipCode: '80011' }, zip: 'invalid_zip', phone: null },
  // issue 28: the national form of the store's country is taken
  { store: 'ch', address: { zipCode: '9700', phone: '044 668 18 00' }, zip: 'zip_not_found', phone: null },
  { store: 'de', address: { zipCode: '05123', country: 'DE', city: 'Berlin', phone: '0041 44 668 18' }, zip: 'zip_not_found', phone: 'phone_format' },
  { store: 'ch', address: { zipCode: '9490', phone: '+41 44 668 18' }, zip: 'zip_not_found', phone: 'phone_format' },
  { store: 'li', address: { zipCode: '9499', country: 'LI', city: 'Vaduz' }, zip: 'zip_not_found', phone: null },
  { store: 'de', address: { zipCode: '05123', country: 'DE', city: 'Berlin', phone: '+49 30 1234 5678' }, zip: 'zip_not_found', phone: null },
  { store: 'de', address: { zipCode: '1011', country: 'DE', city: 'Berlin' }, zip: 'invalid_zip', phone: null },
  { store: 'at', address: { zipCode: '1000', country: 'AT', city: 'Wien', phone: '+43 1 234 56 78' }, zip: 'zip_not_found', phone: null },
];

t.test('addresses: the browser\'s verdict on zip and phone is the service\'s, code for code', async (t) => {
  const api = await h.api(t);
  const accounts = new Map<StoreKey, Awaited<ReturnType<typeof signedIn>>>();
  for (const c of cases) {
    const me = accounts.get(c.store) ?? (await signedIn(api, c.store));
    accounts.set(c.store, me);
    const address = swissAddress(c.address);
    const country = String(address.country);
    const browserZip = checkZip(country, String(address.zipCode), country === 'US' ? String(address.state) : null);
    const phone = checkPhone(String(address.phone), c.store === 'us' ? 'US' : c.store.toUpperCase(), minMetadata);
    const browserPhone = phone.ok ? null : phone.problem;
    const label = `${c.store}: ${address.zipCode} ${address.state ?? ''} ${address.phone}`;
    t.equal(browserZip, c.zip, `browser zip, ${label}`);
    t.equal(browserPhone, c.phone, `browser phone, ${label}`);

    const res = await api.call('PUT', `/customers/${me.id}/address`, { store: c.store, token: me.token, body: { address } });
    const fields = res.statusCode === 400 ? fieldsOf(res.json()) : {};
    t.equal(res.statusCode, c.zip || c.phone ? 400 : 200, `service status, ${label}`);
    t.equal(fields['address.zipCode'] ?? null, c.zip, `service zip, ${label}`);
    t.equal(fields['address.phone'] ?? null, c.phone, `service phone, ${label}`);
  }
});

t.test('a US number typed as at home is stored as E.164', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api, 'us');
  const res = await api.call('PUT', `/customers/${me.id}/address`, { store: 'us', token: me.token, body: { address: swissAddress({ ...newYork, phone: '212 555 0100' }) } });
  t.equal(res.statusCode, 200);
  t.match(res.json().addresses[0], { zipCode: '10118', state: 'NY', phone: '+12125550100' });
});

t.test('issue 28: a Swiss number typed without +41 on the Swiss store is stored internationally', async (t) => {
  const api = await h.api(t);
  const me = await signedIn(api, 'ch');
  const res = await api.call('PUT', `/customers/${me.id}/address`, { store: 'ch', token: me.token, body: { address: swissAddress({ phone: '044 123 45 67' }) } });
  t.equal(res.statusCode, 200);
  t.match(res.json().addresses[0], { phone: '+41441234567' });
});

t.test('company profiles: a VAT ID the browser refuses, the service refuses as invalid_vat_id', async (t) => {
  const api = await h.api(t);
  for (const [store, vatId, valid] of [
    ['ch', 'CHE-123.456.789 MWST', false], ['ch', 'CHE-123.456.788 MWST', true],
    ['at', 'ATU12345678', false], ['at', 'ATU12345675', true],
    ['de', 'DE123456789', false], ['de', 'DE123456788', true],
    ['li', '1234', false], ['li', '12345', true],
  ] as const) {
    const me = await signedIn(api, store);
    t.equal(checkVatId(vatId, store.toUpperCase()).valid, valid, `browser, ${store} ${vatId}`);
    const res = await api.call('PUT', `/customers/${me.id}`, { store, token: me.token, body: { accountType: 'company', companyName: 'Muster AG', vatId } });
    t.equal(res.statusCode, valid ? 200 : 400, `service, ${store} ${vatId}`);
    if (!valid) t.same(fieldsOf(res.json()), { vatId: 'invalid_vat_id' });
  }
});
