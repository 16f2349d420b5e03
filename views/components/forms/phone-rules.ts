// The phone rule of the forms (spec 5), from the module the commerce service checks with
// (src/contracts/phone-rules.ts). The phone check (libphonenumber-js and its "min" metadata, about 28 kB
// over the wire) is a chunk of its own, phone-check.ts, loaded on the visitor's first use of the page: the
// first focus, tap, click or key. Decision (issue 27, "Phones get less JavaScript", which counts what a page
// fetches before any interaction): not with the page, where it put the registration page at 162 kB and the
// contact page at 176 kB. Nobody types a phone number and sends the form before the chunk of their first
// tap has arrived (well under a second even on a phone's line); until it is there, a phone number is left
// to the service, which checks it with the same rules and answers the same code on the field.
// A module of its own (not field-rules.ts): the contact form checks a phone number but no address, and
// the zip and VAT ID rules with their postal code ranges would put its page over 150 kB.
import type { Translate } from '../../../src/i18n.ts';
import { firstUseChunk } from '../../lib/first-use.ts';
import { Rules } from './validation.ts';

const phoneCheck = firstUseChunk(() => import('./phone-check.ts'));

/** Loads the phone check (once); tests await it. */
export async function loadPhoneRules(): Promise<void> {
  await phoneCheck.load();
}

export class PhoneRules extends Rules {
  /** the store's country: how phone numbers may be typed and which VAT IDs are read without a prefix */
  protected readonly storeCountry: string;

  constructor(t: Translate, storeCountry: string) {
    super(t);
    this.storeCountry = storeCountry;
  }

  /** spec 5: a phone number as people type it on this store (optional: empty is fine) */
  phone(field: string, value: string): this {
    const loaded = phoneCheck.current;
    if (!loaded) return this;
    const check = loaded.checkPhoneHere(value, this.storeCountry);
    if (!check.ok) this.fail(field, `validation.${check.problem}`);
    return this;
  }
}
