// The carriers the warehouse ships with and their tracking pages. An unknown carrier is recorded as typed,
// without a link (the customer's mail names the carrier and the number). Issue 24: in src/contracts so that
// the back office offers the same list (bulk shipments, the order page's carrier field) as commerce reads.
export interface Carrier {
  key: string;
  name: string;
  /** the tracking page; {n} is the URL-encoded tracking number */
  url: string;
  /** names operators type for it (lower case, spaces and dashes dropped) */
  aliases: string[];
}

export const carriers: Carrier[] = [
  { key: 'dhl', name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}', aliases: ['dhl', 'dhlexpress', 'dhlparcel'] },
  { key: 'dpd', name: 'DPD', url: 'https://tracking.dpd.de/status/de_DE/parcel/{n}', aliases: ['dpd'] },
  { key: 'ups', name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}', aliases: ['ups'] },
  { key: 'fedex', name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}', aliases: ['fedex'] },
  { key: 'usps', name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}', aliases: ['usps'] },
  { key: 'swisspost', name: 'Swiss Post', url: 'https://service.post.ch/ekp-web/ui/entry/search/{n}', aliases: ['swisspost', 'post', 'postch', 'diepost', 'laposte'] },
  { key: 'austrianpost', name: 'Austrian Post', url: 'https://www.post.at/s/sendungsdetails?snr={n}', aliases: ['austrianpost', 'postat', 'österreichischepost', 'oesterreichischepost'] },
  { key: 'gls', name: 'GLS', url: 'https://gls-group.com/track/{n}', aliases: ['gls'] },
];

const norm = (s: string) => s.toLowerCase().replace(/[\s._-]+/g, '');

/** The carrier's display name and tracking link for what an operator typed; unknown carriers: as typed, no link. */
export function tracking(carrier: string, trackingNumber: string): { carrier: string; trackingUrl: string | null } {
  const c = carriers.find((x) => x.aliases.includes(norm(carrier)) || norm(x.name) === norm(carrier));
  if (!c) return { carrier: carrier.trim(), trackingUrl: null };
  return { carrier: c.name, trackingUrl: c.url.replace('{n}', encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) };
}
