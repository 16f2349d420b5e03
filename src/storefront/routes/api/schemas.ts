// Shapes of the browser's API (TypeBox, validated by Fastify before a handler runs). They check types and
// lengths only; the field rules of spec 5 (required, e-mail, password, zip per country, phone, VAT) are the
// commerce service's, which reports every invalid field at once (spec 8: the count of invalid fields).
import Type from 'typebox';

const Str = (max: number) => Type.String({ maxLength: max });
const OptStr = (max: number) => Type.Optional(Str(max));
const OptNullStr = (max: number) => Type.Optional(Type.Union([Str(max), Type.Null()]));
const closed = { additionalProperties: false } as const;

export const LoginBody = Type.Object({ email: OptStr(254), password: OptStr(128) }, closed);

/** The customer's own data (spec 3), the same in registration and the profile. */
const profileFields = {
  salutation: Type.Optional(Type.Union([Type.Literal('mr'), Type.Literal('ms'), Type.Literal('diverse'), Type.Literal(''), Type.Null()])),
  title: OptNullStr(40),
  firstName: OptStr(100),
  lastName: OptStr(100),
  phone: OptNullStr(30),
  accountType: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('company')])),
  companyName: OptNullStr(100),
  vatId: OptNullStr(30),
  language: Type.Optional(Type.Union([Type.Literal('de'), Type.Literal('en')])),
  newsletterOptIn: Type.Optional(Type.Boolean()),
};

export const RegisterBody = Type.Object({
  email: OptStr(254),
  password: OptStr(128),
  /** checked here as well as in the browser: "Passwords don't match." (spec 5) */
  passwordRepeat: OptStr(128),
  ...profileFields,
}, closed);

export const EmailBody = Type.Object({ email: OptStr(254) }, closed);
export const TokenBody = Type.Object({ token: OptStr(200) }, closed);
export const ResetBody = Type.Object({ token: OptStr(200), newPassword: OptStr(128), newPasswordRepeat: OptStr(128) }, closed);

export const ProfileBody = Type.Object(profileFields, closed);

export const ChangePasswordBody = Type.Object({ currentPassword: OptStr(128), newPassword: OptStr(128), newPasswordRepeat: OptStr(128) }, closed);
export const DeleteAccountBody = Type.Object({ password: OptStr(128) }, closed);

/** spec 3 address, flat (the service's body nests it under address). */
export const AddressBody = Type.Object({
  title: OptNullStr(40),
  firstName: OptStr(100),
  lastName: OptStr(100),
  company: OptNullStr(100),
  streetName: OptStr(100),
  streetNumber: OptStr(20),
  apartment: OptNullStr(40),
  zipCode: OptStr(12),
  city: OptStr(100),
  state: OptNullStr(40),
  country: OptStr(2),
  phone: OptNullStr(30),
  defaultShipping: Type.Optional(Type.Boolean()),
  defaultBilling: Type.Optional(Type.Boolean()),
}, closed);

export const AddressParams = Type.Object({ addressId: Str(100) });
export const DefaultAddressBody = Type.Object({ shipping: Type.Optional(Type.Boolean()), billing: Type.Optional(Type.Boolean()) }, closed);
export const PhoneCodeBody = Type.Object({ code: OptStr(12) }, closed);
export const EmailQuery = Type.Object({ email: Str(254) });
