// The commerce service's customer and session calls as they cross the wire (spec 3, 7): request bodies,
// queries and path parameters (they validate the routes) and the answers. One definition for the service
// and the storefront's commerce client. Field rules beyond shape (password strength, zip per country,
// phone, VAT format) are checked by the service and answered as field errors (see FieldError).
import Type, { type Static } from 'typebox';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// ---------------------------------------------------------------- errors

/** One invalid form field (spec 8: register and login errors report the count of invalid fields). */
export const FieldError = Type.Object({
  /** the body field, e.g. "password" or "address.zipCode" */
  field: Type.String(),
  /** stable code the storefront translates: required, invalid_email, password_too_short,
   * password_needs_capital, password_needs_number, invalid_phone, invalid_zip, country_not_allowed,
   * invalid_vat_id, invalid_state, too_long, invalid_value, invalid_current_password */
  code: Type.String(),
  /** English message (spec 5 wording where the spec has one) */
  message: Type.String(),
});
export type FieldError = Static<typeof FieldError>;

/** Every error: { statusCode, code, message } (+ details). 400 validation_failed carries details.fields. */
export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Object({
    fields: Type.Optional(Type.Array(FieldError)),
    /** seconds until a retry can succeed (429 answers; also the Retry-After header) */
    retryAfter: Type.Optional(Type.Integer()),
    /** SMS verification: attempts left before the lock */
    attemptsLeft: Type.Optional(Type.Integer()),
  }, { additionalProperties: true })),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

// ---------------------------------------------------------------- tokens

/** spec 3 cookie ctTokenLevel: Anonymous or User */
export const TokenLevel = Type.Union([Type.Literal('Anonymous'), Type.Literal('User')]);
export type TokenLevel = Static<typeof TokenLevel>;

/** spec 3: token response accessToken, refreshToken, ownerId, expiresAt (+ the level). */
export const TokenResponse = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  /** the customer id (for anonymous tokens the anonymous customer's id: the anonymousId to merge) */
  ownerId: Id,
  /** when the access token expires (the refresh token lives longer: REFRESH_TOKEN_TTL_S) */
  expiresAt: IsoTimestamp,
  tokenLevel: TokenLevel,
});
export type TokenResponse = Static<typeof TokenResponse>;

export const RefreshTokenBody = Type.Object({
  refreshToken: Type.String({ minLength: 1, maxLength: 200 }),
}, { additionalProperties: false });
export type RefreshTokenBody = Static<typeof RefreshTokenBody>;

// ---------------------------------------------------------------- customers and addresses

export const Salutation = Type.Union([Type.Literal('mr'), Type.Literal('ms'), Type.Literal('diverse')]);
export type Salutation = Static<typeof Salutation>;
export const AccountType = Type.Union([Type.Literal('individual'), Type.Literal('company')]);
export type AccountType = Static<typeof AccountType>;
export const CustomerLanguage = Type.Union([Type.Literal('de'), Type.Literal('en')]);
export type CustomerLanguage = Static<typeof CustomerLanguage>;

const Name = Type.String({ maxLength: 100 });
const Short = Type.String({ maxLength: 40 });

/** spec 3 address fields. Input: id, defaultShipping and defaultBilling optional. */
export const AddressInput = Type.Object({
  title: Type.Optional(Nullable(Short)),
  firstName: Name,
  lastName: Name,
  company: Type.Optional(Nullable(Name)),
  streetName: Name,
  streetNumber: Type.String({ maxLength: 20 }),
  apartment: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  zipCode: Type.String({ maxLength: 12 }),
  city: Name,
  /** US: two-letter state code (required); elsewhere optional */
  state: Type.Optional(Nullable(Short)),
  /** ISO 3166-1 alpha-2; must be one of the store's shipping countries */
  country: Type.String({ maxLength: 2 }),
  /** international format with + and country code */
  phone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  defaultShipping: Type.Optional(Type.Boolean()),
  defaultBilling: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type AddressInput = Static<typeof AddressInput>;

export const Address = Type.Object({
  id: Id,
  title: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  company: Nullable(Type.String()),
  streetName: Type.String(),
  streetNumber: Type.String(),
  apartment: Nullable(Type.String()),
  zipCode: Type.String(),
  city: Type.String(),
  state: Nullable(Type.String()),
  country: Type.String(),
  phone: Nullable(Type.String()),
  defaultShipping: Type.Boolean(),
  defaultBilling: Type.Boolean(),
});
export type Address = Static<typeof Address>;

export const StoreKeyValue = Type.Union(['at', 'ch', 'de', 'li', 'us'].map((k) => Type.Literal(k)));

export const Customer = Type.Object({
  id: Id,
  storeKey: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  salutation: Nullable(Salutation),
  title: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  phone: Nullable(Type.String()),
  phoneVerified: Type.Boolean(),
  accountType: AccountType,
  companyName: Nullable(Type.String()),
  vatId: Nullable(Type.String()),
  language: CustomerLanguage,
  newsletterOptIn: Type.Boolean(),
  addresses: Type.Array(Address),
  defaultShippingAddressId: Nullable(Id),
  defaultBillingAddressId: Nullable(Id),
  createdAt: IsoTimestamp,
});
export type Customer = Static<typeof Customer>;

/** POST /customers (spec 3 field names). */
export const RegisterBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  /** spec 5: at least 8 characters, one capital letter, one number */
  password: Type.String({ maxLength: 128 }),
  salutation: Type.Optional(Nullable(Salutation)),
  title: Type.Optional(Nullable(Short)),
  firstName: Name,
  lastName: Name,
  phone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  accountType: Type.Optional(AccountType),
  /** required when accountType is company */
  companyName: Type.Optional(Nullable(Name)),
  /** company accounts: required in at, ch, de, li; optional (EIN) in us */
  vatId: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  /** default: en in the us store, de elsewhere */
  language: Type.Optional(CustomerLanguage),
  newsletterOptIn: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({
  customer: Customer,
  /** always true: sign-in waits until the e-mail address is verified (spec 4) */
  verificationRequired: Type.Boolean(),
});
export type RegisterResponse = Static<typeof RegisterResponse>;

/** PUT /customers/{id}: the registration fields without e-mail and password, every one optional (the
 * e-mail address is not changed here). */
export const ProfileBody = Type.Partial(Type.Omit(RegisterBody, ['email', 'password']), { additionalProperties: false });
export type ProfileBody = Static<typeof ProfileBody>;

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
  /** the guest's anonymous customer id (ownerId of the anonymous token) whose data moves to the account */
  anonymousId: Type.Optional(Id),
}, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  ...TokenResponse.properties,
  customer: Customer,
  /** true when anonymousId was given and its data moved into the account */
  merged: Type.Boolean(),
  /** issue 26: the device cookie's value when this sign-in made the device known (the storefront keeps it
   * in an httpOnly cookie for 30 days and sends it back as x-device-token) */
  deviceToken: Type.Optional(Type.String()),
  deviceTokenExpiresAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const MeResponse = Type.Object({
  tokenLevel: TokenLevel,
  ownerId: Id,
  /** null for an anonymous token */
  customer: Nullable(Customer),
});
export type MeResponse = Static<typeof MeResponse>;

export const AddressBody = Type.Object({ address: AddressInput }, { additionalProperties: false });
export type AddressBody = Static<typeof AddressBody>;

export const CustomerIdParams = Type.Object({ id: Id });
export const AddressParams = Type.Object({ id: Id, addressId: Id });

/** Issue 24: "set as default address" in one call; at least one of the two is true (else 400 validation_failed). */
export const DefaultAddressBody = Type.Object({
  shipping: Type.Optional(Type.Boolean()),
  billing: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type DefaultAddressBody = Static<typeof DefaultAddressBody>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: 128 }),
  newPassword: Type.String({ maxLength: 128 }),
}, { additionalProperties: false });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** PUT /customers/password: the token from the reset mail and the new password. */
export const ResetPasswordBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  newPassword: Type.String({ maxLength: 128 }),
}, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const EmailQuery = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export const EmailLookupQuery = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  /** default: the request's x-store-key */
  storeKey: Type.Optional(StoreKeyValue),
});
export const EmailLookupResponse = Type.Object({ exists: Type.Boolean() });
export type EmailLookupResponse = Static<typeof EmailLookupResponse>;
export const FirstTimeLoginResponse = Type.Object({
  /** true only for an account of this store that has never signed in */
  firstTimeLoggingIn: Type.Boolean(),
});
export type FirstTimeLoginResponse = Static<typeof FirstTimeLoginResponse>;

export const MergeBody = Type.Object({ anonymousId: Id, customerId: Id }, { additionalProperties: false });
export type MergeBody = Static<typeof MergeBody>;
export const MergeResponse = Type.Object({ merged: Type.Boolean() });

export const PasswordResetMailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  /** language of the mail: de, en or a tag such as de-CH, en-US (default: the account's language) */
  languageTag: Type.Optional(Type.String({ maxLength: 10 })),
}, { additionalProperties: false });
export type PasswordResetMailBody = Static<typeof PasswordResetMailBody>;

export const ActivationMailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
}, { additionalProperties: false });
export type ActivationMailBody = Static<typeof ActivationMailBody>;

/** Mail requests answer the same whether or not the address has an account. */
export const AcceptedResponse = Type.Object({ accepted: Type.Boolean() });

export const VatQuery = Type.Object({ vat: Type.String({ minLength: 1, maxLength: 40 }) });
export const VatValidationResponse = Type.Object({
  valid: Type.Boolean(),
  /** country the number belongs to (CH, DE, ...; EU numbers by prefix) when recognised */
  countryCode: Nullable(Type.String()),
  /** the number in its canonical form, e.g. ATU13585627, CHE-123.456.788 MWST */
  normalized: Nullable(Type.String()),
});
export type VatValidationResponse = Static<typeof VatValidationResponse>;

export const EmailVerificationQuery = Type.Object({ emailToken: Type.String({ minLength: 1, maxLength: 200 }) });
export const EmailVerificationResponse = Type.Object({
  verified: Type.Boolean(),
  /** true when the link had been used already and the account is verified */
  alreadyVerified: Type.Boolean(),
});
export type EmailVerificationResponse = Static<typeof EmailVerificationResponse>;

export const DeleteAccountBody = Type.Object({ password: Type.String({ maxLength: 128 }) }, { additionalProperties: false });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const PhoneVerificationResponse = Type.Object({
  /** when the code stops working (spec 9: ten minutes) */
  expiresAt: IsoTimestamp,
  /** the number the code went to, masked (+41 •• ••• •• 67) */
  phone: Type.String(),
});
export type PhoneVerificationResponse = Static<typeof PhoneVerificationResponse>;
export const PhoneCodeBody = Type.Object({ code: Type.String({ maxLength: 12 }) }, { additionalProperties: false });
export type PhoneCodeBody = Static<typeof PhoneCodeBody>;

// ---------------------------------------------------------------- development mailbox

export const OutboxQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) });
export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('mail'), Type.Literal('sms')]),
  storeKey: Nullable(Type.String()),
  to: Type.String(),
  subject: Nullable(Type.String()),
  text: Type.String(),
  html: Nullable(Type.String()),
  createdAt: IsoTimestamp,
  sentAt: Nullable(IsoTimestamp),
  /** pending: not sent (yet; without SMTP_URL, and SMS, for good); sent; failed: delivery given up */
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  /** failed delivery attempts so far */
  failedAttempts: Type.Integer({ minimum: 0 }),
});
export type OutboxMessage = Static<typeof OutboxMessage>;
export const OutboxResponse = Type.Object({ messages: Type.Array(OutboxMessage) });
export type OutboxResponse = Static<typeof OutboxResponse>;

/** Calls that only confirm (password changed, password reset, account deleted). */
export const OkResponse = Type.Object({ ok: Type.Boolean() });
export type OkResponse = Static<typeof OkResponse>;
