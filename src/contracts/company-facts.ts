// The company's facts (legal name, address, register and VAT numbers, hotline and its hours, the bank
// accounts customers pay to, the Trusted Shops profile) live in ONE place: the CMS story `company`
// (src/content/stories/shared/company.json). The storefront reads it through its CMS client (footer,
// imprint, contact, checkout), the commerce service over HTTP from the same CMS (payment instructions of
// bank-transfer orders, their mails). This module is the story's contract for both: the schema as the
// content API serves it in one language, the checks (a wrong IBAN in the CMS must never reach a customer),
// and the look-ups by store and currency.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { storeKeys, type StoreKey } from '../stores.ts';
import { bicValid, ibanValid, normalizeBic, normalizeIban, routingNumberValid, usAccountNumberValid } from './bank-details.ts';

/** the story's slug under each store's folder (cdn/stories/{store}/company) */
export const COMPANY_STORY_SLUG = 'company';

const day = Type.Union(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => Type.Literal(d)));
const hhmm = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

const wireHours = Type.Object({ dayFrom: day, dayTo: day, hourFrom: hhmm, hourTo: hhmm }, { additionalProperties: true });

const wireBankAccount = Type.Object({
  currency: Type.Union([Type.Literal('EUR'), Type.Literal('CHF'), Type.Literal('USD')]),
  owner: Type.String({ minLength: 2 }),
  bank_name: Type.String({ minLength: 2 }),
  iban: Type.String(),
  bic: Type.String(),
  account_number: Type.String(),
  routing_number: Type.String(),
}, { additionalProperties: true });

const wireEntity = Type.Object({
  stores: Type.Array(Type.String({ pattern: `^(${storeKeys.join("|")})$` }), { minItems: 1 }),
  legal_name: Type.String({ minLength: 2 }),
  streetAddress: Type.String({ minLength: 2 }),
  postalCode: Type.String({ minLength: 3 }),
  city: Type.String({ minLength: 2 }),
  region: Type.Optional(Type.String()),
  country: Type.String({ pattern: '^[A-Z]{2}$' }),
  register: Type.String({ minLength: 2 }),
  register_number: Type.String({ minLength: 2 }),
  vat_number: Type.String(),
  hotline: Type.String({ pattern: '^\\+[0-9 ]{6,20}$' }),
  timezone: Type.String({ minLength: 3 }),
  hotline_hours: Type.Array(wireHours, { minItems: 1 }),
  bank_accounts: Type.Array(wireBankAccount, { minItems: 1 }),
}, { additionalProperties: true });

/** The story's content as the content API serves it in one language. */
export const companyFactsContentSchema = Type.Object({
  component: Type.Literal('company_facts'),
  brand: Type.String({ minLength: 2 }),
  email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' }),
  trusted_shops_id: Type.String({ pattern: '^(X[0-9A-F]{32})?$' }),
  trusted_shops_url: Type.String({ pattern: '^(https://www\\.trustedshops\\.[a-z]{2,3}/.+)?$' }),
  entities: Type.Array(wireEntity, { minItems: 1 }),
}, { additionalProperties: true });

export type CompanyFactsContent = Static<typeof companyFactsContentSchema>;

export interface CompanyHours { dayFrom: string; dayTo: string; hourFrom: string; hourTo: string }

export interface CompanyBankAccount {
  currency: 'EUR' | 'CHF' | 'USD';
  owner: string;
  bankName: string;
  /** electronic format (no spaces), or null for a US account */
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
}

/** The facts that hold for one store (its company), in one language. */
export interface StoreCompanyFacts {
  brand: string;
  email: string;
  legalName: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  /** US state ('NY'), else '' */
  region: string;
  country: string;
  register: string;
  registerNumber: string;
  /** '' where the company has none (US) */
  vatNumber: string;
  hotline: string;
  timezone: string;
  hotlineHours: CompanyHours[];
  bankAccounts: CompanyBankAccount[];
  /** null when the shop shows no Trusted Shops badge */
  trustedShops: { id: string; url: string } | null;
}

export class CompanyFactsError extends Error {
  override name = 'CompanyFactsError';
}

/** A USD account in the US has a routing and an account number; one at a European bank (a European
 * company's dollar account, spec 1: a user can switch to USD) an IBAN and a BIC like any other. */
function account(a: Static<typeof wireBankAccount>, where: string): CompanyBankAccount {
  if (a.currency === 'USD' && a.iban.trim() === '') {
    if (!routingNumberValid(a.routing_number)) throw new CompanyFactsError(`${where}: routing number ${a.routing_number} fails the ABA checksum`);
    if (!usAccountNumberValid(a.account_number)) throw new CompanyFactsError(`${where}: account number is not 4 to 17 digits`);
    return { currency: a.currency, owner: a.owner, bankName: a.bank_name, iban: null, bic: null, accountNumber: a.account_number, routingNumber: a.routing_number };
  }
  if (!ibanValid(a.iban)) throw new CompanyFactsError(`${where}: ${a.iban} is not a valid IBAN`);
  if (!bicValid(a.bic)) throw new CompanyFactsError(`${where}: ${a.bic} is not a valid BIC`);
  return { currency: a.currency, owner: a.owner, bankName: a.bank_name, iban: normalizeIban(a.iban), bic: normalizeBic(a.bic), accountNumber: null, routingNumber: null };
}

/**
 * Checks the story's content and answers the facts of one store. Throws CompanyFactsError when the content
 * is malformed, a bank account fails its checksum, or no company (or two) covers the store.
 */
export function companyFactsFor(content: unknown, store: StoreKey): StoreCompanyFacts {
  if (!Value.Check(companyFactsContentSchema, content)) {
    const first = Value.Errors(companyFactsContentSchema, content)[0];
    throw new CompanyFactsError(`company story: ${first?.instancePath ?? ''} ${first?.message ?? 'malformed'}`);
  }
  const entities = content.entities.filter((e) => (e.stores as string[]).includes(store));
  if (entities.length !== 1) throw new CompanyFactsError(`company story: ${entities.length} companies for store ${store} (one expected)`);
  const e = entities[0];
  const bankAccounts = e.bank_accounts.map((a, i) => account(a, `company story, ${e.legal_name}, account ${i + 1}`));
  return {
    brand: content.brand,
    email: content.email,
    legalName: e.legal_name,
    streetAddress: e.streetAddress,
    postalCode: e.postalCode,
    city: e.city,
    region: e.region ?? '',
    country: e.country,
    register: e.register,
    registerNumber: e.register_number,
    vatNumber: e.vat_number,
    hotline: e.hotline,
    timezone: e.timezone,
    hotlineHours: e.hotline_hours.map((h) => ({ dayFrom: h.dayFrom, dayTo: h.dayTo, hourFrom: h.hourFrom, hourTo: h.hourTo })),
    bankAccounts,
    trustedShops: content.trusted_shops_id && content.trusted_shops_url ? { id: content.trusted_shops_id, url: content.trusted_shops_url } : null,
  };
}

/** The account customers of a store pay an order in this currency to; null when the company has none. */
export function bankAccountFor(facts: StoreCompanyFacts, currency: string): CompanyBankAccount | null {
  return facts.bankAccounts.find((a) => a.currency === currency) ?? null;
}


/** What the storefront shows of a store's facts, in both languages where a field is translated (the boot
 * payload is fixed for a visit, the language is not). */
export interface CompanyFactsView extends Omit<StoreCompanyFacts, 'city' | 'register'> {
  city: { de: string; en: string };
  register: { de: string; en: string };
}

export function companyFactsView(de: StoreCompanyFacts, en: StoreCompanyFacts): CompanyFactsView {
  return { ...de, city: { de: de.city, en: en.city }, register: { de: de.register, en: en.register } };
}

export interface CompanyFactsSourceOptions {
  /** content API base up to and including /v2 */
  endpoint: string;
  token: string;
  /** how long an answer is used before it is asked again (a failure keeps the last good answer) */
  ttlMs: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

/** The commerce service's reader of the story, over HTTP from the content API (as external Storyblok
 * would be). Answers from memory within ttlMs; when the CMS fails, the last good facts of that store stay
 * in use (an order must not fail because the CMS blinked), and only a store never read fails. */
export interface CompanyFactsSource {
  forStore(store: StoreKey): Promise<StoreCompanyFacts>;
}

export function companyFactsFromCms(opts: CompanyFactsSourceOptions): CompanyFactsSource {
  const fetchFn = opts.fetch ?? globalThis.fetch;
  const now = opts.now ?? Date.now;
  const cache = new Map<StoreKey, { at: number; facts: StoreCompanyFacts }>();
  const inFlight = new Map<StoreKey, Promise<StoreCompanyFacts>>();
  const load = async (store: StoreKey): Promise<StoreCompanyFacts> => {
    const url = `${opts.endpoint.replace(/\/$/, '')}/cdn/stories/${store}/${COMPANY_STORY_SLUG}?version=published&token=${encodeURIComponent(opts.token)}`;
    const res = await fetchFn(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new CompanyFactsError(`company story: the CMS answered ${res.status}`);
    const body = (await res.json()) as { story?: { content?: unknown } };
    const facts = companyFactsFor(body.story?.content, store);
    cache.set(store, { at: now(), facts });
    return facts;
  };
  return {
    async forStore(store) {
      const hit = cache.get(store);
      if (hit && now() - hit.at < opts.ttlMs) return hit.facts;
      let p = inFlight.get(store);
      if (!p) {
        p = load(store).finally(() => inFlight.delete(store));
        inFlight.set(store, p);
      }
      if (hit) return p.catch(() => hit.facts);
      return p;
    },
  };
}
