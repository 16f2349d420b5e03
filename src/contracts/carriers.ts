// The carriers the warehouse ships with (issue 24): the one list the back office offers (the order page's
// shipment form, the list's bulk ship) and commerce reads to name the carrier and link its tracking page.
// A parcel with another carrier is recorded as "other" with the carrier's name typed (no tracking link).
//
// Decision: the shipment call keeps taking the carrier's name as text (ShipmentBody.carrier), so callers
// outside the back office and the records written before this list keep working; the forms send a listed
// key or "other" with the typed name, and the back office turns it into that text (carrierText).

export interface Carrier {
  key: CarrierKey;
  name: string;
  /** the tracking page; {n} is the URL-encoded tracking number */
  url: string;
  /** names operators type for it (lower case, spaces, dots and dashes dropped) */
  aliases: string[];
}

export const carrierKeys = ['dhl', 'dpd', 'gls', 'ups', 'fedex', 'swisspost', 'austrianpost', 'deutschepost', 'usps'] as const;
export type CarrierKey = (typeof carrierKeys)[number];
/** The form's choice besides the listed carriers: another carrier, its name typed. */
export const OTHER_CARRIER = 'other';

export const carriers: Carrier[] = [
  { key: 'dhl', name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}', aliases: ['dhl', 'dhlexpress', 'dhlparcel'] },
  { key: 'dpd', name: 'DPD', url: 'https://tracking.dpd.de/status/de_DE/parcel/{n}', aliases: ['dpd'] },
  { key: 'gls', name: 'GLS', url: 'https://gls-group.com/track/{n}', aliases: ['gls'] },
  { key: 'ups', name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}', aliases: ['ups'] },
  { key: 'fedex', name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}', aliases: ['fedex'] },
  { key: 'swisspost', name: 'Swiss Post', url: 'https://service.post.ch/ekp-web/ui/entry/search/{n}', aliases: ['swisspost', 'post', 'postch', 'diepost', 'laposte'] },
  { key: 'austrianpost', name: 'Austrian Post', url: 'https://www.post.at/s/sendungsdetails?snr={n}', aliases: ['austrianpost', 'postat', 'österreichischepost', 'oesterreichischepost'] },
  {
    key: 'deutschepost', name: 'Deutsche Post', url: 'https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={n}',
    aliases: ['deutschepost', 'postde', 'dpag'],
  },
  { key: 'usps', name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}', aliases: ['usps'] },
];

const norm = (s: string) => s.toLowerCase().replace(/[\s._-]+/g, '');

/** The listed carrier an operator's text names (its name, key or an alias), or undefined. */
export function carrierOf(text: string): Carrier | undefined {
  const n = norm(text);
  return carriers.find((c) => c.key === n || norm(c.name) === n || c.aliases.includes(n));
}

/**
 * What a form's choice records as the carrier: a listed carrier's name, or for "other" the typed name
 * (trimmed); null when "other" comes without a name or the key is not listed.
 */
export function carrierText(choice: string, otherName: string | undefined): string | null {
  if (choice === OTHER_CARRIER) {
    const typed = (otherName ?? '').trim();
    return typed === '' ? null : typed;
  }
  return carriers.find((c) => c.key === choice)?.name ?? null;
}
