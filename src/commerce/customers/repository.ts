// Customer and address rows and their wire shape (src/contracts/commerce.ts Customer, Address).
import type { Address, Customer } from '../../contracts/commerce.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';

export interface CustomerRow {
  id: string;
  store_key: string;
  kind: 'anonymous' | 'registered';
  email: string | null;
  email_lower: string | null;
  password_hash: string | null;
  email_verified_at: Date | null;
  salutation: string | null;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  phone_verified_at: Date | null;
  account_type: 'individual' | 'company' | null;
  company_name: string | null;
  vat_id: string | null;
  language: 'de' | 'en' | null;
  newsletter_opt_in: boolean;
  last_login_at: Date | null;
  created_at: Date;
}

export interface AddressRow {
  id: string;
  customer_id: string;
  title: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  street_name: string;
  street_number: string;
  apartment: string | null;
  zip_code: string;
  city: string;
  state: string | null;
  country: string;
  phone: string | null;
  default_shipping: boolean;
  default_billing: boolean;
}

export async function customerById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<CustomerRow | null> {
  const rows = await db.query<CustomerRow>(`select * from customers where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** A registered account of the store by e-mail (case-insensitive). */
export async function accountByEmail(db: Db, storeKey: string, emailLower: string): Promise<CustomerRow | null> {
  const rows = await db.query<CustomerRow>(
    `select * from customers where store_key = $1 and email_lower = $2 and kind = 'registered'`,
    [storeKey, emailLower],
  );
  return rows[0] ?? null;
}

export async function addressesOf(db: Db, customerId: string): Promise<AddressRow[]> {
  return db.query<AddressRow>('select * from addresses where customer_id = $1 order by seq', [customerId]);
}

export function toAddress(a: AddressRow): Address {
  return {
    id: a.id,
    title: a.title,
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    streetName: a.street_name,
    streetNumber: a.street_number,
    apartment: a.apartment,
    zipCode: a.zip_code,
    city: a.city,
    state: a.state,
    country: a.country,
    phone: a.phone,
    defaultShipping: a.default_shipping,
    defaultBilling: a.default_billing,
  };
}

export function toCustomer(c: CustomerRow, addresses: AddressRow[]): Customer {
  return {
    id: c.id,
    storeKey: c.store_key,
    email: c.email ?? '',
    emailVerified: c.email_verified_at !== null,
    salutation: (c.salutation as Customer['salutation']) ?? null,
    title: c.title,
    firstName: c.first_name ?? '',
    lastName: c.last_name ?? '',
    phone: c.phone,
    phoneVerified: c.phone_verified_at !== null,
    accountType: c.account_type ?? 'individual',
    companyName: c.company_name,
    vatId: c.vat_id,
    language: c.language ?? 'de',
    newsletterOptIn: c.newsletter_opt_in,
    addresses: addresses.map(toAddress),
    defaultShippingAddressId: addresses.find((a) => a.default_shipping)?.id ?? null,
    defaultBillingAddressId: addresses.find((a) => a.default_billing)?.id ?? null,
    createdAt: c.created_at.toISOString(),
  };
}

export async function loadCustomer(db: Db, id: string): Promise<Customer | null> {
  // One statement for the customer and the addresses (issue 16: every account page reads them; each
  // statement costs a parse and a plan, on PGlite about as much as its work). The addresses come as JSON
  // rows: toAddress reads only their text and boolean columns, which JSON keeps as they are.
  const [c] = await db.query<CustomerRow & { address_rows: AddressRow[] }>(
    `select c.*, coalesce((select json_agg(a order by a.seq) from addresses a where a.customer_id = c.id), '[]'::json) as address_rows
     from customers c where c.id = $1`,
    [id],
  );
  if (!c || c.kind !== 'registered') return null;
  return toCustomer(c, c.address_rows);
}

// ---------------------------------------------------------------- writes of the customer routes

/** Locks the customer row for the transaction (address changes and deletion serialize per customer). */
export async function lockCustomer(tx: Db, id: string): Promise<void> {
  await tx.query('select id from customers where id = $1 for update', [id]);
}

/** A new anonymous customer; with ifAbsent, an existing row of the id is left as it is. */
export async function insertAnonymousCustomer(tx: Db, id: string, storeKey: string, now: Date, opts: { ifAbsent?: boolean } = {}): Promise<void> {
  await tx.query(
    `insert into customers (id, store_key, kind, created_at, updated_at) values ($1, $2, 'anonymous', $3, $3)${opts.ifAbsent ? ' on conflict (id) do nothing' : ''}`,
    [id, storeKey, now],
  );
}

export async function customerKind(tx: Db, id: string): Promise<{ kind: string; store_key: string; created_at: Date } | null> {
  const [row] = await tx.query<{ kind: string; store_key: string; created_at: Date }>('select kind, store_key, created_at from customers where id = $1', [id]);
  return row ?? null;
}

export async function setLastLogin(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update customers set last_login_at = $2 where id = $1', [id, now]);
}

export interface NewAccount {
  id: string; storeKey: string; email: string; emailLower: string; passwordHash: string; salutation: string | null; title: string | null;
  firstName: string; lastName: string; phone: string | null; accountType: string; companyName: string | null; vatId: string | null;
  language: string | null; newsletterOptIn: boolean; now: Date;
}

/** A registered account (unverified). A second account of the address in the store fails on the unique index (23505). */
export async function insertAccount(tx: Db, a: NewAccount): Promise<void> {
  await tx.query(
    `insert into customers (id, store_key, kind, email, email_lower, password_hash, salutation, title, first_name, last_name, phone,
       account_type, company_name, vat_id, language, newsletter_opt_in, created_at, updated_at)
     values ($1, $2, 'registered', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)`,
    [a.id, a.storeKey, a.email, a.emailLower, a.passwordHash, a.salutation, a.title, a.firstName, a.lastName,
      a.phone, a.accountType, a.companyName, a.vatId, a.language, a.newsletterOptIn, a.now],
  );
}

export interface ProfileUpdate {
  salutation: string | null; title: string | null; firstName: string; lastName: string; phone: string | null; accountType: string;
  companyName: string | null; vatId: string | null; language: string | null; newsletterOptIn: boolean;
}

/** Writes the profile; a changed phone number is unverified again. */
export async function updateProfile(db: Db, id: string, p: ProfileUpdate, now: Date): Promise<void> {
  await db.query(
    `update customers set salutation = $2, title = $3, first_name = $4, last_name = $5, phone = $6, account_type = $7,
       company_name = $8, vat_id = $9, language = $10, newsletter_opt_in = $11, updated_at = $12,
       phone_verified_at = case when phone is not distinct from $6 then phone_verified_at else null end
     where id = $1`,
    [id, p.salutation, p.title, p.firstName, p.lastName, p.phone, p.accountType, p.companyName, p.vatId, p.language, p.newsletterOptIn, now],
  );
}

export async function setPasswordHash(tx: Db, id: string, passwordHash: string, now: Date, opts: { verifyEmail?: boolean } = {}): Promise<void> {
  if (opts.verifyEmail) {
    await tx.query('update customers set password_hash = $2, email_verified_at = coalesce(email_verified_at, $3), updated_at = $3 where id = $1', [id, passwordHash, now]);
  } else {
    await tx.query('update customers set password_hash = $2, updated_at = $3 where id = $1', [id, passwordHash, now]);
  }
}

export async function markEmailVerified(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update customers set email_verified_at = $2, updated_at = $2 where id = $1', [id, now]);
}

export async function markPhoneVerified(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update customers set phone_verified_at = $2, updated_at = $2 where id = $1', [id, now]);
}

// ---------------------------------------------------------------- one-time tokens (activation, password reset)

export type OneTimePurpose = 'email_verification' | 'password_reset';

/** Voids the unused tokens of a purpose and stores the new one's hash. */
export async function replaceOneTimeToken(tx: Db, customerId: string, purpose: OneTimePurpose, hash: string, now: Date, expiresAt: Date): Promise<void> {
  await tx.query(
    'update one_time_tokens set voided_at = $3 where customer_id = $1 and purpose = $2 and used_at is null and voided_at is null',
    [customerId, purpose, now],
  );
  await tx.query('insert into one_time_tokens (hash, customer_id, purpose, created_at, expires_at) values ($1, $2, $3, $4, $5)', [hash, customerId, purpose, now, expiresAt]);
}

export interface VerificationTokenRow {
  customer_id: string; expires_at: Date; used_at: Date | null; voided_at: Date | null; store_key: string; email_verified_at: Date | null;
}

/** An activation token with its customer's store and state, the token locked. */
export async function verificationTokenForUpdate(tx: Db, hash: string): Promise<VerificationTokenRow | null> {
  const [row] = await tx.query<VerificationTokenRow>(
    `select t.customer_id, t.expires_at, t.used_at, t.voided_at, c.store_key, c.email_verified_at
     from one_time_tokens t join customers c on c.id = t.customer_id
     where t.hash = $1 and t.purpose = 'email_verification' for update of t`,
    [hash],
  );
  return row ?? null;
}

/** The customer of a live password-reset token of the store (the token locked), or null. */
export async function resetTokenCustomerForUpdate(tx: Db, hash: string, storeKey: string, now: Date): Promise<string | null> {
  const [row] = await tx.query<{ customer_id: string }>(
    `select t.customer_id from one_time_tokens t join customers c on c.id = t.customer_id
     where t.hash = $1 and t.purpose = 'password_reset' and t.used_at is null and t.voided_at is null and t.expires_at > $2
       and c.store_key = $3
     for update of t`,
    [hash, now, storeKey],
  );
  return row?.customer_id ?? null;
}

export async function useOneTimeToken(tx: Db, hash: string, now: Date): Promise<void> {
  await tx.query('update one_time_tokens set used_at = $2 where hash = $1', [hash, now]);
}

// ---------------------------------------------------------------- addresses

export interface AddressWrite {
  title: string | null; firstName: string; lastName: string; company: string | null; streetName: string; streetNumber: string;
  apartment: string | null; zipCode: string; city: string; state: string | null; country: string; phone: string | null;
  defaultShipping: boolean; defaultBilling: boolean;
}

export async function insertAddress(tx: Db, customerId: string, id: string, a: AddressWrite, now: Date): Promise<void> {
  await tx.query(
    `insert into addresses (id, customer_id, title, first_name, last_name, company, street_name, street_number, apartment, zip_code,
       city, state, country, phone, default_shipping, default_billing, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
    [id, customerId, a.title, a.firstName, a.lastName, a.company, a.streetName, a.streetNumber, a.apartment, a.zipCode, a.city,
      a.state, a.country, a.phone, a.defaultShipping, a.defaultBilling, now],
  );
}

export async function updateAddress(tx: Db, customerId: string, id: string, a: AddressWrite, now: Date): Promise<void> {
  await tx.query(
    `update addresses set title = $3, first_name = $4, last_name = $5, company = $6, street_name = $7, street_number = $8,
       apartment = $9, zip_code = $10, city = $11, state = $12, country = $13, phone = $14, default_shipping = $15,
       default_billing = $16, updated_at = $17
     where id = $1 and customer_id = $2`,
    [id, customerId, a.title, a.firstName, a.lastName, a.company, a.streetName, a.streetNumber, a.apartment, a.zipCode,
      a.city, a.state, a.country, a.phone, a.defaultShipping, a.defaultBilling, now],
  );
}

export async function addressById(tx: Db, customerId: string, id: string): Promise<AddressRow | null> {
  const [row] = await tx.query<AddressRow>('select * from addresses where id = $1 and customer_id = $2', [id, customerId]);
  return row ?? null;
}

export async function deleteAddress(tx: Db, customerId: string, id: string): Promise<void> {
  await tx.query('delete from addresses where id = $1 and customer_id = $2', [id, customerId]);
}

/** Clears the other addresses' default flags the new or changed address takes (at most one of each). */
export async function takeDefaults(tx: Db, customerId: string, addressId: string, a: { defaultShipping: boolean; defaultBilling: boolean }): Promise<void> {
  if (a.defaultShipping) {
    await tx.query('update addresses set default_shipping = false where customer_id = $1 and id <> $2 and default_shipping', [customerId, addressId]);
  }
  if (a.defaultBilling) {
    await tx.query('update addresses set default_billing = false where customer_id = $1 and id <> $2 and default_billing', [customerId, addressId]);
  }
}

/** Gives the address the default flags named true (one statement; the other flag stays); false when it is not the customer's. */
export async function markDefaultAddress(
  tx: Db, customerId: string, addressId: string, a: { defaultShipping: boolean; defaultBilling: boolean }, now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `update addresses set default_shipping = default_shipping or $3, default_billing = default_billing or $4, updated_at = $5
     where id = $2 and customer_id = $1 returning id`,
    [customerId, addressId, a.defaultShipping, a.defaultBilling, now],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- SMS codes

export interface SmsCodeRow { phone: string; code_hash: string; salt: string; expires_at: Date; failed_attempts: number; locked_until: Date | null }

export async function smsCodeOf(db: Db, customerId: string): Promise<SmsCodeRow | null> {
  const [row] = await db.query<SmsCodeRow>('select * from sms_codes where customer_id = $1', [customerId]);
  return row ?? null;
}

/** The customer's one pending code (a new one replaces it and its failures). */
export async function putSmsCode(tx: Db, customerId: string, phone: string | null, codeHash: string, salt: string, now: Date, expiresAt: Date): Promise<void> {
  await tx.query(
    `insert into sms_codes (customer_id, phone, code_hash, salt, created_at, expires_at, failed_attempts, locked_until)
     values ($1, $2, $3, $4, $5, $6, 0, null)
     on conflict (customer_id) do update set phone = $2, code_hash = $3, salt = $4, created_at = $5, expires_at = $6,
       failed_attempts = 0, locked_until = null`,
    [customerId, phone, codeHash, salt, now, expiresAt],
  );
}

export async function recordSmsFailure(tx: Db, customerId: string, failed: number, lockedUntil: Date | null): Promise<void> {
  await tx.query('update sms_codes set failed_attempts = $2, locked_until = $3 where customer_id = $1', [customerId, failed, lockedUntil]);
}

export async function deleteSmsCode(tx: Db, customerId: string): Promise<void> {
  await tx.query('delete from sms_codes where customer_id = $1', [customerId]);
}

// ---------------------------------------------------------------- account deletion

/** Addresses, tokens, one-time tokens, SMS codes, orders and limit orders follow by cascade. */
export async function deleteCustomer(tx: Db, id: string): Promise<void> {
  await tx.query('delete from customers where id = $1', [id]);
}

/** The anonymous customer of the store, locked for the merge; null when there is none (merged, registered, other store). */
export async function anonymousForUpdate(tx: Db, id: string, storeKey: string): Promise<{ id: string } | null> {
  const [row] = await tx.query<{ id: string }>(`select id from customers where id = $1 and kind = 'anonymous' and store_key = $2 for update`, [id, storeKey]);
  return row ?? null;
}

/** The store's account with this address follows a newsletter subscription (the profile's newsletterOptIn). */
export async function setNewsletterOptIn(tx: Db, storeKey: string, emailLower: string, optIn: boolean, now: Date): Promise<void> {
  await tx.query(
    `update customers set newsletter_opt_in = $3, updated_at = $4 where store_key = $1 and email_lower = $2 and kind = 'registered' and newsletter_opt_in <> $3`,
    [storeKey, emailLower, optIn, now],
  );
}

// ---------------------------------------------------------------- housekeeping (issue 24: each feature purges its own tables)

/**
 * Guests whose last session ended (nothing can reach their data any more), spent one-time tokens a day past
 * their expiry, and SMS codes expired and not locked. A guest who placed an order stays: the order (kept for
 * the shop's books) belongs to it. Reads of other tables: tokens (auth) and orders, to know what still holds on.
 */
export async function purgeCustomerData(db: Db, now: Date, refreshTtlS: number): Promise<void> {
  await db.query(
    `delete from customers c where c.kind = 'anonymous' and c.created_at < $1
       and not exists (select 1 from tokens t where t.customer_id = c.id and t.expires_at > $2 and t.revoked_at is null)
       and not exists (select 1 from orders o where o.customer_id = c.id)`,
    [addSeconds(now, -refreshTtlS), now],
  );
  await db.query('delete from one_time_tokens where expires_at < $1', [addSeconds(now, -86400)]);
  await db.query('delete from sms_codes where expires_at < $1 and (locked_until is null or locked_until < $1)', [now]);
}
