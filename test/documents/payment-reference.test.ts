// Issue 25, payment slips: the structured reference of a bank-transfer order. ISO 11649 creditor references
// (SCOR, "RF..") on ordinary IBANs, SIX QR references (QRR, mod 10 recursive) on QR-IBANs; check digits
// against published examples and against swissqrbill's own validator (another implementation); the order
// number comes back out of the reference (the camt.053 import relies on it), a wrong check digit never does.
import t from 'tap';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import {
  creditorReference, creditorReferenceValid, isQrIban, mod10Recursive, orderNumberOfReference, orderReference, qrReference, qrReferenceValid,
} from '../../src/contracts/payment-qr.ts';

t.test('ISO 11649 creditor reference: the standard\'s example RF18 5390 0754 7034', async (t) => {
  t.equal(creditorReference('539007547034'), 'RF18539007547034');
  t.ok(creditorReferenceValid('RF18539007547034'));
  t.ok(creditorReferenceValid('RF18 5390 0754 7034'), 'as printed, in groups of four');
  t.notOk(creditorReferenceValid('RF19539007547034'), 'wrong check digits');
  t.notOk(creditorReferenceValid('RF18539007547043'), 'two digits swapped');
  t.notOk(creditorReferenceValid('RF18'), 'no body');
  t.notOk(creditorReferenceValid(`RF18${'1'.repeat(22)}`), 'body longer than 21');
  t.throws(() => creditorReference('CH-B-2026'), RangeError, 'only letters and digits');
});

t.test('SIX QR reference: mod 10 recursive, the guidelines\' example 21 00000 00003 13947 14300 09017', async (t) => {
  t.equal(mod10Recursive('21000000000313947143000901'), 7);
  t.equal(qrReference('21000000000313947143000901'), '210000000003139471430009017');
  t.ok(qrReferenceValid('21 00000 00003 13947 14300 09017'));
  t.notOk(qrReferenceValid('210000000003139471430009018'), 'wrong check digit');
  t.notOk(qrReferenceValid('21000000000313947143000901'), '26 digits');
  t.notOk(qrReferenceValid('000000000000000000000000000'), 'all zeros names nothing');
  for (const body of ['1', '11000123456000000000081345', '00000820779122585742128669', '99999999999999999999999999']) {
    t.ok(isQRReferenceValid(qrReference(body)), `swissqrbill agrees: ${qrReference(body)}`);
  }
});

t.test('QR-IBAN: institution id 30000-31999 in a CH or LI IBAN', async (t) => {
  t.ok(isQrIban('CH44 3199 9123 0008 8901 2'));
  t.ok(isQrIban('LI21 3000 0002 2875 7892 0'), 'a Liechtenstein one too');
  t.notOk(isQrIban('CH3200700110004738291'), 'the company story\'s ZKB account is an ordinary IBAN');
  t.notOk(isQrIban('DE06701500001002847365'));
});

t.test('an order\'s reference: SCOR on the shop\'s ordinary IBAN, QRR on a QR-IBAN; the order number comes back', async (t) => {
  const scor = orderReference('CH-B-2026-000042', 'CH3200700110004738291');
  t.same(scor, { type: 'SCOR', reference: 'RF35CHB2026000042' });
  t.ok(isSCORReferenceValid(scor.reference), 'swissqrbill agrees');
  t.equal(orderNumberOfReference(scor.reference), 'CH-B-2026-000042');
  t.equal(orderNumberOfReference('RF35 CHB2 0260 0004 2'), 'CH-B-2026-000042', 'as printed');
  t.equal(orderNumberOfReference('RF36CHB2026000042'), null, 'a wrong check digit names no order');

  const qrr = orderReference('LI-B-2026-000042', 'CH4431999123000889012');
  t.equal(qrr.type, 'QRR');
  t.match(qrr.reference, /^\d{27}$/);
  t.ok(isQRReferenceValid(qrr.reference), 'swissqrbill agrees');
  t.equal(orderNumberOfReference(qrr.reference), 'LI-B-2026-000042');
  t.equal(orderNumberOfReference(`${qrr.reference.slice(0, 26)}${(Number(qrr.reference[26]) + 1) % 10}`), null, 'a wrong check digit names no order');

  t.equal(orderNumberOfReference(creditorReference('INVOICE42')), null, 'a valid reference that is not ours');
  t.equal(orderNumberOfReference(qrReference('210000000003139471430009')), null, 'a valid QR reference that is not ours');
  t.equal(orderNumberOfReference('CHB2026000042'), null, 'the bare number is no structured reference');
  t.throws(() => orderReference('order 42', 'CH3200700110004738291'), RangeError);
});
