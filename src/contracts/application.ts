// The contact form and the whistleblower system (spec 7 POST /application/contact, POST
// /application/whistleblow; spec 5: the contact form needs consent; spec 8: success and failure messages;
// spec 9: contact data kept at most 12 months). A whistleblower report may be anonymous: the reporter gets a
// case reference and an access code (shown once) and reads the office's answers with both.
import Type, { type Static } from 'typebox';
import { Salutation } from './commerce.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ApplicationQuery = Type.Object({ languageTag: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false });

/** Field rules (required, e-mail, phone, lengths, consent) answer field codes; the schema only types them. */
export const ContactBody = Type.Object({
  salutation: Type.Optional(Salutation),
  firstName: Type.String({ maxLength: 200 }),
  lastName: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  subject: Type.Optional(Type.String({ maxLength: 300 })),
  message: Type.String({ maxLength: 10000 }),
  /** spec 5: consent to the processing of the data (the privacy notice); must be true */
  consent: Type.Boolean(),
}, { additionalProperties: false });
export type ContactBody = Static<typeof ContactBody>;

/** 201: the message is stored; a receipt with the reference went to the e-mail address. */
export const ContactReceipt = Type.Object({
  reference: Type.String(),
  receivedAt: IsoTimestamp,
});
export type ContactReceipt = Static<typeof ContactReceipt>;

export const WhistleblowCategory = Type.Union([
  Type.Literal('fraud'), Type.Literal('corruption'), Type.Literal('money-laundering'), Type.Literal('data-protection'),
  Type.Literal('workplace'), Type.Literal('environment'), Type.Literal('other'),
]);
export type WhistleblowCategory = Static<typeof WhistleblowCategory>;

/** Anonymous unless anonymous is false; then name (and optionally e-mail, phone) say who reports. */
export const WhistleblowBody = Type.Object({
  category: WhistleblowCategory,
  message: Type.String({ maxLength: 20000 }),
  anonymous: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
}, { additionalProperties: false });
export type WhistleblowBody = Static<typeof WhistleblowBody>;

export const WhistleblowStatus = Type.Union([Type.Literal('received'), Type.Literal('in-progress'), Type.Literal('closed')]);
export type WhistleblowStatus = Static<typeof WhistleblowStatus>;

/** 201 of POST /application/whistleblow: the access code is shown this once (we keep only its hash). */
export const WhistleblowReceipt = Type.Object({
  caseReference: Type.String(),
  secret: Type.String(),
  status: WhistleblowStatus,
  createdAt: IsoTimestamp,
});
export type WhistleblowReceipt = Static<typeof WhistleblowReceipt>;

export const WhistleblowAccessBody = Type.Object({
  caseReference: Type.String({ minLength: 1, maxLength: 40 }),
  secret: Type.String({ minLength: 1, maxLength: 200 }),
}, { additionalProperties: false });
export type WhistleblowAccessBody = Static<typeof WhistleblowAccessBody>;

export const WhistleblowFollowUpBody = Type.Object({
  ...WhistleblowAccessBody.properties,
  message: Type.String({ maxLength: 20000 }),
}, { additionalProperties: false });
export type WhistleblowFollowUpBody = Static<typeof WhistleblowFollowUpBody>;

export const WhistleblowMessage = Type.Object({
  /** reporter: the report and follow-ups; office: the answers */
  author: Type.Union([Type.Literal('reporter'), Type.Literal('office')]),
  text: Type.String(),
  createdAt: IsoTimestamp,
});

/** What the reporter reads with reference and access code. */
export const WhistleblowCase = Type.Object({
  caseReference: Type.String(),
  category: WhistleblowCategory,
  anonymous: Type.Boolean(),
  status: WhistleblowStatus,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  messages: Type.Array(WhistleblowMessage),
});
export type WhistleblowCase = Static<typeof WhistleblowCase>;

// ---------------------------------------------------------------- admin (loopback or ADMIN_TOKEN)

export const WhistleblowAnswerBody = Type.Object({
  caseReference: Type.String({ minLength: 1, maxLength: 40 }),
  message: Type.String({ minLength: 1, maxLength: 20000 }),
  /** default in-progress */
  status: Type.Optional(WhistleblowStatus),
}, { additionalProperties: false });
export type WhistleblowAnswerBody = Static<typeof WhistleblowAnswerBody>;

export const WhistleblowAdminCase = Type.Object({
  ...WhistleblowCase.properties,
  /** as the reporter's, and an answer given through the back office names its operator (by: e-mail; else null) */
  messages: Type.Array(Type.Object({ ...WhistleblowMessage.properties, by: Type.Optional(Nullable(Type.String())) })),
  reporter: Nullable(Type.Object({ name: Nullable(Type.String()), email: Nullable(Type.String()), phone: Nullable(Type.String()) })),
});
export const WhistleblowAdminCases = Type.Object({ results: Type.Array(WhistleblowAdminCase) });

export const ContactMessage = Type.Object({
  reference: Type.String(),
  salutation: Nullable(Salutation),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  message: Type.String(),
  language: Type.String(),
  customerId: Nullable(Type.String()),
  receivedAt: IsoTimestamp,
});
export const ContactMessages = Type.Object({ results: Type.Array(ContactMessage) });
export const AdminListQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }, { additionalProperties: false });
