// The visitor's consent for the views (spec 3 groups), through the browser port: client/state/consent.ts
// keeps it in the browser; on the server and while hydrating nothing is known, so every group but
// Necessary reads as not given and the neutral placeholders render.
import type { ConsentGroup } from '../../src/contracts/consent.ts';
import { useBrowser } from '../lib/browser-port.ts';

/** Whether a group is granted; false on the server and while hydrating. */
export function useConsentFor(group: ConsentGroup): boolean {
  return useBrowser().consent.useConsent()?.choice[group] ?? false;
}
