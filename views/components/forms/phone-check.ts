// The browser's phone check in a chunk of its own: libphonenumber-js's core and its "min" metadata are about
// 28 kB over the wire, which would put every form page (checkout, register, addresses, profile, contact) above
// the 150 kB page budget (issues 16 and 27). phone-rules.ts loads it on the visitor's first use of the page.
import minMetadata from 'libphonenumber-js/min/metadata';
import { checkPhone, type PhoneCheck } from '../../../src/contracts/phone-rules.ts';

export function checkPhoneHere(value: string, storeCountry: string): PhoneCheck {
  return checkPhone(value, storeCountry, minMetadata);
}
