// The zip, VAT ID and phone rules both sides use (src/contracts/field-rules.ts): the forms check with the
// "min" phone metadata, the commerce service with the "max" one; what the browser refuses the service
// refuses too, with the same code (the service side: test/commerce/field-rules.test.ts).
import t from 'tap';
import maxMetadata from 'libphonenumber-js/max/metadata';
import minMetadata from 'libphonenumber-js/min/metadata';
import { US_STATE_CODES, checkVatId, checkZip, phoneExamples } from '../../src/contracts/field-rules.ts';
import { checkPhone } from '../../src/contracts/phone-rules.ts';

t.test('zip format per country: CH, LI and AT four digits, DE five, US five or ZIP+4', async (t) => {
  t.equal(checkZip('CH', '8001'), null, 'Zurich');
  t.equal(checkZip('CH', '80011'), 'invalid_zip', 'a Swiss zip of five digits');
  t.equal(checkZip('CH', '801'), 'invalid_zip', 'three digits');
  t.equal(checkZip('CH', '0800'), 'invalid_zip', 'no Swiss zip starts with 0');
  t.equal(checkZip('LI', '9490'), null, 'Vaduz');
  t.equal(checkZip('AT', '1010'), null, 'Vienna');
  t.equal(checkZip('AT', '10100'), 'invalid_zip');
  t.equal(checkZip('DE', '10115'), null, 'Berlin');
  t.equal(checkZip('DE', '1011'), 'invalid_zip', 'four digits in Germany');
  t.equal(checkZip('DE', '1O115'), 'invalid_zip', 'a letter O for a zero');
  t.equal(checkZip('US', '10118'), null, 'New York');
  t.equal(checkZip('US', '10118-0110'), null, 'ZIP+4');
  t.equal(checkZip('US', '1011'), 'invalid_zip');
  t.equal(checkZip('US', '10118 0110'), 'invalid_zip', 'ZIP+4 takes its hyphen');
  t.equal(checkZip('CH', ''), 'required');
});

t.test('zips that do not exist are refused as such', async (t) => {
  t.equal(checkZip('LI', '9484'), 'zip_not_found', 'just below Liechtenstein\'s block');
  t.equal(checkZip('LI', '9499'), 'zip_not_found');
  t.equal(checkZip('LI', '1000'), 'zip_not_found');
  t.equal(checkZip('CH', '9490'), 'zip_not_found', 'Vaduz is in Liechtenstein, not Switzerland');
  t.equal(checkZip('CH', '9700'), 'zip_not_found', 'above the highest Swiss zip (9658 Wildhaus)');
  t.equal(checkZip('CH', '9658'), null);
  t.equal(checkZip('AT', '1000'), 'zip_not_found', 'Vienna starts at 1010');
  t.equal(checkZip('DE', '00000'), 'zip_not_found');
  t.equal(checkZip('DE', '05123'), 'zip_not_found', 'leading region 05 is not assigned');
  t.equal(checkZip('DE', '43210'), 'zip_not_found', 'leading region 43 is not assigned');
  t.equal(checkZip('DE', '62100'), 'zip_not_found', 'leading region 62 is not assigned');
  t.equal(checkZip('DE', '01067'), null, 'Dresden');
  t.equal(checkZip('US', '00010'), 'zip_not_found', 'no state has 000');
  t.equal(checkZip('US', '00501'), null, 'Holtsville NY (the IRS)');
});

t.test('a US zip must lie in its state', async (t) => {
  t.equal(checkZip('US', '10118', 'NY'), null);
  t.equal(checkZip('US', '10118', 'CA'), 'zip_state_mismatch', 'a Manhattan zip in California');
  t.equal(checkZip('US', '90210', 'CA'), null);
  t.equal(checkZip('US', '90210', 'NY'), 'zip_state_mismatch');
  t.equal(checkZip('US', '73301', 'TX'), null, 'Austin IRS, outside Texas\'s 75-79');
  t.equal(checkZip('US', '96910', 'GU'), null, 'Guam');
  t.equal(checkZip('US', '96910', 'HI'), 'zip_state_mismatch');
  t.equal(checkZip('US', '06390', 'NY'), null, 'Fishers Island NY shares Connecticut\'s prefix');
  t.equal(checkZip('US', '06390', 'CT'), null);
  t.equal(checkZip('US', '10118-0110', 'NJ'), 'zip_state_mismatch', 'ZIP+4 is placed by its first five digits');
  t.equal(checkZip('US', '10118'), null, 'no state chosen yet: the state field has its own message');
  t.equal(US_STATE_CODES.length, 56, 'the 50 states, DC and five territories');
  t.equal(checkZip('CH', '8001', 'NY'), null, 'a state means nothing outside the US');
});

t.test('VAT IDs per country: format and check digit', async (t) => {
  t.same(checkVatId('CHE-123.456.788 MWST', 'CH'), { valid: true, countryCode: 'CH', normalized: 'CHE-123.456.788 MWST' });
  t.equal(checkVatId('CHE123456788TVA', 'DE').normalized, 'CHE-123.456.788 TVA', 'written compact, on another store');
  t.equal(checkVatId('123.456.788 IVA', 'CH').valid, true, 'digits alone on the Swiss store');
  t.equal(checkVatId('CHE-123.456.789 MWST', 'CH').valid, false, 'wrong mod-11 check digit');
  t.equal(checkVatId('ATU12345675', 'AT').valid, true);
  t.equal(checkVatId('ATU12345678', 'AT').valid, false, 'wrong check digit');
  t.equal(checkVatId('ATU1234567', 'AT').valid, false, 'U and seven digits');
  t.equal(checkVatId('DE123456788', 'DE').valid, true);
  t.equal(checkVatId('DE 123 456 788', 'AT').normalized, 'DE123456788', 'spaces as people type them');
  t.equal(checkVatId('DE123456789', 'DE').valid, false, 'wrong ISO 7064 check digit');
  t.equal(checkVatId('DE12345678', 'DE').valid, false, 'eight digits');
  t.equal(checkVatId('12345', 'LI').normalized, 'LI12345', 'Liechtenstein: five digits');
  t.equal(checkVatId('1234', 'LI').valid, false);
  t.equal(checkVatId('12-3456789', 'US').valid, true, 'an EIN on the US store');
  t.equal(checkVatId('12-3456789', 'DE').valid, false, 'an EIN means nothing on the German store');
  t.equal(checkVatId('', 'DE').valid, false);
});

t.test('phone numbers as people type them on each store', async (t) => {
  for (const metadata of [minMetadata, maxMetadata]) {
    const which = metadata === minMetadata ? 'browser (min)' : 'service (max)';
    t.same(checkPhone('212 555 0100', 'US', metadata), { ok: true, e164: '+12125550100' }, `${which}: a US number as dialled at home`);
    t.same(checkPhone('(212) 555-0100', 'US', metadata), { ok: true, e164: '+12125550100' }, which);
    t.same(checkPhone('+1 212 555 0100', 'US', metadata), { ok: true, e164: '+12125550100' }, which);
    t.same(checkPhone('+41 44 123 45 67', 'US', metadata), { ok: true, e164: '+41441234567' }, `${which}: a Swiss number on the US store`);
    t.same(checkPhone('+41 44 123 45 67', 'CH', metadata), { ok: true, e164: '+41441234567' }, which);
    t.same(checkPhone('0041 44 123 45 67', 'CH', metadata), { ok: true, e164: '+41441234567' }, `${which}: 00 for +`);
    t.same(checkPhone('044 123 45 67', 'CH', metadata), { ok: true, e164: '+41441234567' }, `${which}: issue 28, the Swiss national form on the Swiss store, stored internationally`);
    t.same(checkPhone('030 1234 5678', 'DE', metadata), { ok: true, e164: '+493012345678' }, `${which}: the German national form on the German store`);
    t.same(checkPhone('01 234 56 78', 'AT', metadata), { ok: true, e164: '+4312345678' }, `${which}: the Austrian national form on the Austrian store`);
    // without + a number is read in the store's country: on the German store '212 555 0100' is Solingen (0212), not New York
    t.same(checkPhone('212 555 0100', 'DE', metadata), { ok: true, e164: '+492125550100' }, `${which}: without +1 a number on the German store is a German one`);
    t.same(checkPhone('+41 44 123 45', 'CH', metadata), { ok: false, problem: 'phone_format' }, `${which}: digits missing: 'Phone number is not valid.'`);
    t.same(checkPhone('555 0100', 'US', metadata), { ok: false, problem: 'phone_format' }, `${which}: no area code`);
    t.same(checkPhone('call me', 'US', metadata), { ok: false, problem: 'invalid_phone' }, which);
    t.same(checkPhone('+41 44 123 45 67 89 01 23 45 67 89', 'CH', metadata), { ok: false, problem: 'invalid_phone' }, `${which}: over 30 characters`);
    t.same(checkPhone('  ', 'CH', metadata), { ok: true, e164: null }, `${which}: empty is fine (optional field)`);
  }
  // the service is the stricter: max knows which digits a number of its country may have
  t.equal(checkPhone('+41 11 123 45 67', 'CH', maxMetadata).ok, false, 'no Swiss number starts with 011');
});

t.test('every store\'s example in the phone hint is valid where it is shown', async (t) => {
  for (const [country, example] of Object.entries(phoneExamples)) {
    const check = checkPhone(example, country, maxMetadata);
    t.ok(check.ok, `${country}: ${example}`);
  }
  t.notOk(phoneExamples.US.startsWith('+41'), 'the US store shows a US number');
  t.ok(phoneExamples.AT.startsWith('+43'), 'the Austrian store an Austrian one');
});
