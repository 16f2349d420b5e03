// How an IBAN is printed (issue 27): the order page, the payment slip and the mails print the shop's account
// with display.ts formatIban, which has no ibantools so the browser's account pages stay light. It must print
// exactly what ibantools' own formatting gives, for the typed and stored forms an IBAN comes in.
import t from 'tap';
import { electronicFormatIBAN, friendlyFormatIBAN } from 'ibantools';
import { formatIban as mailFormat } from '../../src/contracts/bank-details.ts';
import { formatIban } from '../../src/contracts/display.ts';

const inputs = [
  'CH9300762011623852957', // stored (electronic) form
  'ch93 0076 2011 6238 5295 7', // typed in lower case with spaces
  'DE89-3704-0044-0532-0130-00', // with dashes
  'AT61 1904 3002 3457 3201', // already grouped
  'LI21 0881 0000 2324 013A A', // letters in the account part
];

t.test('an IBAN is printed in groups of four, upper case, as ibantools formats it', async (t) => {
  t.equal(formatIban('CH9300762011623852957'), 'CH93 0076 2011 6238 5295 7');
  for (const iban of inputs) t.equal(formatIban(iban), friendlyFormatIBAN(electronicFormatIBAN(iban) ?? undefined), iban);
});

t.test('the mails print an IBAN the same way as the order page', async (t) => {
  for (const iban of inputs) t.equal(mailFormat(iban), formatIban(iban), iban);
});

t.test('an input with nothing left to group is shown as given', async (t) => {
  t.equal(formatIban(''), '');
  t.equal(formatIban(' - '), ' - ');
});
