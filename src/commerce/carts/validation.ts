// Field rules of the checkout bodies: cart addresses (the customer address rules of spec 5, the country
// among the store's shipping countries), the seller's payout account (spec 3 bank details, spec 5 IBAN and
// BIC messages; ibantools) and identity document details (anti-money-laundering). Every invalid field is
// answered at once as 400 validation_failed with details.fields, like the customer calls.
import type { CartAddress, CartAddressesBody, IdentityDocumentBody, PayoutAccountBody } from '../../contracts/cart.ts';
import { bicValid, ibanValid, normalizeBic, normalizeIban, routingNumberValid, usAccountNumberValid } from '../../contracts/bank-details.ts';
import type { StoreKey } from '../../stores.ts';
import { FieldErrors, isEmail, text, validateAddress, type AddressValues } from '../customers/index.ts';
import { orderFieldMessages, type OrderFieldCode } from '../http/errors.ts';
import type { BankDetails, IdentityDocument } from './model.ts';

function addField(errors: FieldErrors, field: string, code: OrderFieldCode): void {
  if (!errors.list.some((e) => e.field === field)) errors.list.push({ field, code, message: orderFieldMessages[code] });
}

function toCartAddress(a: AddressValues): CartAddress {
  return {
    title: a.title, firstName: a.firstName, lastName: a.lastName, company: a.company, streetName: a.streetName, streetNumber: a.streetNumber,
    apartment: a.apartment, zipCode: a.zipCode, city: a.city, state: a.state, country: a.country, phone: a.phone,
  };
}

export interface AddressChange {
  email?: string;
  /** undefined: unchanged; null: removed */
  shippingAddress?: CartAddress | null;
  billingAddress?: CartAddress | null;
}

export function validateCartAddresses(body: CartAddressesBody, storeKey: StoreKey): AddressChange {
  const errors = new FieldErrors();
  const out: AddressChange = {};
  if (body.email !== undefined) {
    const email = body.email.trim();
    if (email === '') addField(errors, 'email', 'required');
    else if (!isEmail(email)) addField(errors, 'email', 'invalid_email');
    else out.email = email;
  }
  for (const key of ['shippingAddress', 'billingAddress'] as const) {
    const given = body[key];
    if (given === undefined) continue;
    if (given === null) {
      out[key] = null;
      continue;
    }
    const a = validateAddress(given, storeKey, errors, `${key}.`);
    if (a) out[key] = toCartAddress(a);
  }
  errors.throwIfAny();
  return out;
}

/** IBAN and BIC (European stores) or account and routing number (US store), checked with ibantools. */
export function validatePayoutAccount(body: PayoutAccountBody, storeKey: StoreKey): BankDetails {
  const errors = new FieldErrors();
  const accountOwner = text(body as unknown as Record<string, unknown>, 'accountOwner', { required: true, max: 100 }, errors);
  let out: BankDetails = { accountOwner: accountOwner ?? '', iban: null, bic: null, accountNumber: null, routingNumber: null };
  if (storeKey === 'us') {
    const account = (body.accountNumber ?? '').replace(/[\s-]/g, '');
    const routing = (body.routingNumber ?? '').replace(/[\s-]/g, '');
    if (!account) addField(errors, 'accountNumber', 'required');
    else if (!usAccountNumberValid(account)) addField(errors, 'accountNumber', 'invalid_account_number');
    if (!routing) addField(errors, 'routingNumber', 'required');
    else if (!routingNumberValid(routing)) addField(errors, 'routingNumber', 'invalid_routing_number');
    out = { ...out, accountNumber: account, routingNumber: routing };
  } else {
    const iban = body.iban?.trim() ?? '';
    const bic = body.bic?.trim() ?? '';
    if (!iban) addField(errors, 'iban', 'required');
    else if (!ibanValid(iban)) addField(errors, 'iban', 'invalid_iban');
    // Decision: the BIC is optional (SEPA transfers need only the IBAN) but must be valid when given.
    if (bic && !bicValid(bic)) addField(errors, 'bic', 'invalid_bic');
    out = { ...out, iban: normalizeIban(iban), bic: bic ? normalizeBic(bic) : null };
  }
  errors.throwIfAny();
  return out;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD (2026-02-30 is not one). */
function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function validateIdentityDocument(body: IdentityDocumentBody, today: string): IdentityDocument {
  const errors = new FieldErrors();
  const input = body as unknown as Record<string, unknown>;
  const number = text(input, 'documentNumber', { required: true, max: 40 }, errors);
  if (number && !/^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/.test(number)) addField(errors, 'documentNumber', 'invalid_value');
  for (const key of ['issuingCountry', 'nationality'] as const) {
    if (!body[key]) addField(errors, key, 'required');
    else if (!/^[A-Z]{2}$/.test(body[key].toUpperCase())) addField(errors, key, 'invalid_value');
  }
  const authority = text(input, 'issuingAuthority', { max: 100 }, errors);
  const placeOfBirth = text(input, 'placeOfBirth', { required: true, max: 100 }, errors);
  if (!isDate(body.expiryDate)) addField(errors, 'expiryDate', body.expiryDate ? 'invalid_date' : 'required');
  else if (body.expiryDate < today) addField(errors, 'expiryDate', 'date_in_past');
  if (!isDate(body.dateOfBirth)) addField(errors, 'dateOfBirth', body.dateOfBirth ? 'invalid_date' : 'required');
  else if (body.dateOfBirth >= today) addField(errors, 'dateOfBirth', 'date_in_future');
  errors.throwIfAny();
  return {
    documentType: body.documentType,
    documentNumber: (number ?? '').toUpperCase(),
    issuingCountry: body.issuingCountry.toUpperCase(),
    issuingAuthority: authority,
    expiryDate: body.expiryDate,
    dateOfBirth: body.dateOfBirth,
    placeOfBirth: placeOfBirth ?? '',
    nationality: body.nationality.toUpperCase(),
  };
}
