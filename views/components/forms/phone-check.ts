// The browser's phone check in a chunk of its own: libphonenumber-js with its "min" metadata is about 28 kB
// over the wire, which would put every form page (checkout, register, addresses, profile, contact) above
// the 150 kB page budget of issue 16. field-rules.ts loads it when a form page starts.
import minMetadata from 'libphonenumber-js/min/metadata';
import { checkPhone, type PhoneCheck } from '../../../src/contracts/field-rules.ts';

export function checkPhoneHere(value: string, storeCountry: string): PhoneCheck {
  return checkPhone(value, storeCountry, minMetadata);
}
