// The validator the e-invoice tests trust (issue 25) must itself be proven to catch errors: the CEN's
// own example passes, the same example with a wrong total or without the seller's VAT ID fails with the
// EN 16931 rule an accountant's software would name, and a misplaced element fails the D16B schema.
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
