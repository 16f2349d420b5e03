// The carriers' tracking links. The list itself is the contract's (src/contracts/carriers.ts), which the back
// office offers in its forms. An unknown carrier is recorded as typed, without a link (the customer's mail
// names the carrier and the number).
import { carrierOf } from '../../contracts/carriers.ts';

export { carriers, type Carrier } from '../../contracts/carriers.ts';

/** The carrier's display name and tracking link for what an operator typed; unknown carriers: as typed, no link. */
export function tracking(carrier: string, trackingNumber: string): { carrier: string; trackingUrl: string | null } {
  const c = carrierOf(carrier);
  if (!c) return { carrier: carrier.trim(), trackingUrl: null };
  return { carrier: c.name, trackingUrl: c.url.replace('{n}', encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) };
}
