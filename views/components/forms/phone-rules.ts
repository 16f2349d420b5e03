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
import { Rules } from './validation.ts';

let phoneCheck: typeof import('./phone-check.ts').checkPhoneHere | null = null;
let loading: Promise<void> | null = null;

/** Loads the phone check (once); tests await it. */
export function loadPhoneRules(): Promise<void> {
  loading ??= import('./phone-check.ts').then((m) => {
    phoneCheck = m.checkPhoneHere;
  });
  return loading;
}

/** The events that mean the visitor has started to use the page (capture: a form's own handlers cannot hide them). */
const FIRST_USE = ['focusin', 'pointerdown', 'keydown'] as const;

/** Loads the phone check on the next use of the page; a chunk that failed to load is asked for again on the use after. */
function loadOnFirstUse(): void {
  const start = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, start, true);
    loadPhoneRules().catch(() => {
      loading = null;
      loadOnFirstUse();
    });
  };
  for (const type of FIRST_USE) window.addEventListener(type, start, { capture: true, passive: true });
}

if (typeof window !== 'undefined') loadOnFirstUse();

export class PhoneRules extends Rules {
  /** the store's country: how phone numbers may be typed and which VAT IDs are read without a prefix */
  protected readonly storeCountry: string;

  constructor(t: Translate, storeCountry: string) {
    super(t);
    this.storeCountry = storeCountry;
  }

  /** spec 5: a phone number as people type it on this store (optional: empty is fine) */
  phone(field: string, value: string): this {
    if (!phoneCheck) return this;
    const check = phoneCheck(value, this.storeCountry);
    if (!check.ok) this.fail(field, `validation.${check.problem}`);
    return this;
  }
}
