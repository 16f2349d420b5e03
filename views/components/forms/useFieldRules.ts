// FieldRules for a form that sits on pages without a form of their own (the whistleblower block of a CMS
// page): libphonenumber-js loads when the form mounts, not with the page. Until it has loaded, the form
// checks what Rules checks and the service checks the rest (it answers the same codes).
import { useEffect, useState } from 'react';
import type { Translate } from '../../../src/i18n.ts';
import type { FieldRules } from './field-rules.ts';
import { Rules } from './validation.ts';

type Make = (t: Translate, storeCountry: string) => FieldRules;

export function useFieldRules(t: Translate, storeCountry: string): () => Rules & Partial<Pick<FieldRules, 'phone' | 'zip' | 'vatId'>> {
  const [make, setMake] = useState<Make | null>(null);
  useEffect(() => {
    let live = true;
    void import('./field-rules.ts').then((m) => {
      if (live) setMake(() => (tt: Translate, c: string) => new m.FieldRules(tt, c));
    }, () => {});
    return () => {
      live = false;
    };
  }, []);
  return () => (make ? make(t, storeCountry) : new Rules(t));
}
