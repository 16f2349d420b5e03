// Which browser sockets the hub takes (checked on the handshake, before the upgrade): the Origin must be
// a page of the shop (403 origin_not_allowed), ?currency= the store's own or USD (400).
import type { IncomingMessage } from 'node:http';
import { priceHubErrorCodes } from '../../contracts/price-stream-constants.ts';
import { stores, type StoreKey } from '../../stores.ts';
import { refusal, type Admission } from './browser-sockets.ts';
import { keyFor, type PayloadKey } from './payloads.ts';

export interface AdmissionOptions {
  /** host names (no port) pages of the shop are served from */
  originHosts: Set<string>;
  /** store of a Host header */
  storeOf(host: string | undefined): StoreKey;
}

export function originAllowed(originHosts: Set<string>, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return originHosts.has(new URL(origin).hostname.toLowerCase());
  } catch {
    return false;
  }
}

export function createAdmission(opts: AdmissionOptions): (req: IncomingMessage) => Admission<PayloadKey> {
  return (req) => {
    if (!originAllowed(opts.originHosts, req.headers.origin)) return { ok: false, ...refusal('origin_not_allowed') };
    const currency = new URL(req.url ?? '/', 'http://x').searchParams.get('currency') ?? undefined;
    const store = opts.storeOf(req.headers.host);
    const key = keyFor(store, currency);
    if (!key) return { ok: false, ...refusal(priceHubErrorCodes.invalidQuery, `currency must be ${stores[store].currency} or USD.`) };
    return { ok: true, key };
  };
}
