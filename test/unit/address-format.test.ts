// One address format for pages, mails and the back office (issue 17): a US address reads
// "New York, NY 10118", a European one keeps "Street Number" and "Zip City".
import t from 'tap';
import { addressLines, addressOneLine, placeLine, streetLine } from '../../src/contracts/address-format.ts';

const us = { firstName: 'Anna', lastName: 'Muster', streetName: 'Fifth Avenue', streetNumber: '350', apartment: 'Suite 4200', zipCode: '10118', city: 'New York', state: 'NY', country: 'US' };
const ch = { title: 'Dr.', firstName: 'Anna', lastName: 'Muster', company: 'Muster AG', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', state: null, country: 'CH' };

t.test('a US address: number before street, then city, state and ZIP', async (t) => {
  t.same(addressLines(us), ['Anna Muster', '350 Fifth Avenue', 'Suite 4200', 'New York, NY 10118']);
  t.equal(placeLine({ zipCode: '94105', city: 'San Francisco', state: 'ca', country: 'us' }), 'San Francisco, CA 94105', 'state upper-cased');
  t.equal(placeLine({ zipCode: '10118', city: 'New York', state: null, country: 'US' }), 'New York, 10118', 'no stray spaces without a state');
});

t.test('a European address: street before number, then zip and city', async (t) => {
  t.same(addressLines(ch), ['Dr. Anna Muster', 'Muster AG', 'Bahnhofstrasse 12', '8001 Zürich']);
  for (const country of ['AT', 'DE', 'LI']) {
    t.equal(placeLine({ zipCode: '1010', city: 'Wien', country }), '1010 Wien', country);
    t.equal(streetLine({ streetName: 'Graben', streetNumber: '1', country }), 'Graben 1', country);
  }
  t.equal(placeLine({ zipCode: '8001', city: 'Zürich', state: 'ZH', country: 'CH' }), '8001 Zürich', 'a state is not part of a European place line');
});

t.test('the country name comes last when asked for, and one line joins with commas', async (t) => {
  const name = (code: string) => ({ US: 'United States', CH: 'Switzerland' })[code] ?? code;
  t.same(addressLines(us, name).at(-1), 'United States');
  t.equal(addressOneLine(ch, name), 'Dr. Anna Muster, Muster AG, Bahnhofstrasse 12, 8001 Zürich, Switzerland');
});
