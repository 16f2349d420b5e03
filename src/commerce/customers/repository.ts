// Customer and address rows and their wire shape (src/contracts/commerce.ts Customer, Address).
import type { Address, Customer } from '../../contracts/commerce.ts';
import type { Db } from '../db/index.ts';

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
  const c = await customerById(db, id);
  if (!c || c.kind !== 'registered') return null;
  return toCustomer(c, await addressesOf(db, id));
}
