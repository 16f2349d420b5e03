// The validator the e-invoice tests trust (issue 25) must itself be proven to catch errors: the CEN's
// own example passes, the same example with a wrong total or without the seller's VAT ID fails with the
// EN 16931 rule an accountant's software would name, and a misplaced element fails the D16B schema.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderXRechnungCii } from '../../src/commerce/documents/e-invoice.ts';
import { investmentGoldDe } from './e-invoice-samples.ts';
import { describe, validateCii } from './en16931.ts';

const example = await readFile(join(import.meta.dirname, '..', 'fixtures', 'en16931', 'CII_example1.xml'), 'utf8');

t.test('the CEN rules pass their own example and fail a wrong total, a missing seller VAT ID and a broken schema', async (t) => {
  const wrongTotal = example.replace('<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>250.34</ram:GrandTotalAmount>');
  const noSellerVat = example.replace(/<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">NL8200.98.395.B.01<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/, '');
  const misplaced = example.replace('<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>', '').replace('<ram:DuePayableAmount>250.33</ram:DuePayableAmount>', '<ram:DuePayableAmount>250.33</ram:DuePayableAmount><ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>');
  t.not(wrongTotal, example);
  t.not(noSellerVat, example);
  const verdicts = await validateCii({ example, wrongTotal, noSellerVat, misplaced });

  t.same(verdicts.example.fatal, [], describe(verdicts.example.fatal));
  t.equal(verdicts.example.xsd, 'OK');

  const totalRules = verdicts.wrongTotal.fatal.map((a) => a.id);
  t.ok(totalRules.includes('BR-CO-15'), `grand total = net total + VAT (BR-CO-15) fails: ${totalRules.join(', ')}`);
  t.equal(verdicts.wrongTotal.xsd, 'OK', 'a wrong sum is well-formed: only the rules catch it');

  const vatRules = verdicts.noSellerVat.fatal.map((a) => a.id);
  t.ok(vatRules.includes('BR-S-02'), `a standard-rated invoice needs the seller's VAT ID (BR-S-02): ${vatRules.join(', ')}`);

  t.match(verdicts.misplaced.xsd, /^INVALID .*GrandTotalAmount/, 'the D16B schema rejects an element out of order');
});

t.test("KoSIT's XRechnung rules pass our XML and fail it without the buyer reference or the seller's contact", async (t) => {
  const good = await renderXRechnungCii(investmentGoldDe);
  const noBuyerReference = good.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
  const noSellerPhone = good.replace(/<ram:TelephoneUniversalCommunication>[\s\S]*?<\/ram:TelephoneUniversalCommunication>/, '');
  t.not(noBuyerReference, good);
  t.not(noSellerPhone, good);
  const verdicts = await validateCii({ good, noBuyerReference, noSellerPhone }, { xrechnung: true });
  t.same(verdicts.good.xrechnung?.fatal, [], describe(verdicts.good.xrechnung?.fatal ?? []));
  t.same(verdicts.noBuyerReference.xrechnung?.fatal.map((a) => a.id), ['BR-DE-15'], 'Leitweg-ID or buyer reference (BT-10) is required');
  t.same(verdicts.noSellerPhone.xrechnung?.fatal.map((a) => a.id), ['BR-DE-6'], "the seller contact's telephone (BT-42) is required");
  t.same(verdicts.noBuyerReference.fatal, [], 'the CEN rules alone do not ask for it: the German rules are a second check');
});
