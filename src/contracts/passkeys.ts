// Issue 26: the customers' passkey calls as they cross the wire (commerce service and the storefront's client).
// The WebAuthn options and the authenticator's answers are the JSON shapes of the WebAuthn spec
// (PublicKeyCredential*OptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON); the library that
// makes and checks them (@simplewebauthn/server) validates their inside, the schema only their envelope.
import Type, { type Static } from 'typebox';

const Id = Type.String({ format: 'uuid' });
const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const CeremonyId = Type.String({ minLength: 10, maxLength: 100, description: 'the ceremony\'s secret id from the options call' });

/** The authenticator's answer (a PublicKeyCredential as JSON). */
const CredentialJson = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 1400 }),
  rawId: Type.String({ minLength: 1, maxLength: 1400 }),
  type: Type.Literal('public-key'),
  response: Type.Object({}, { additionalProperties: true }),
  clientExtensionResults: Type.Optional(Type.Object({}, { additionalProperties: true })),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
}, { additionalProperties: true });

export const Passkey = Type.Object({
  id: Id,
  name: Type.String(),
  createdAt: IsoTimestamp,
  lastUsedAt: Type.Union([IsoTimestamp, Type.Null()]),
});
export type Passkey = Static<typeof Passkey>;

export const PasskeyList = Type.Object({ passkeys: Type.Array(Passkey) });

export const PasskeyIdParams = Type.Object({ id: Id });

export const PasskeyOptionsBody = Type.Object({
  /** the password again, when the session began more than 5 minutes ago */
  password: Type.Optional(Type.String({ maxLength: 128 })),
}, { additionalProperties: false });
export type PasskeyOptionsBody = Static<typeof PasskeyOptionsBody>;

export const CeremonyOptions = Type.Object({
  ceremonyId: Type.String(),
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON */
  options: Type.Unknown(),
});
export type CeremonyOptions = Static<typeof CeremonyOptions>;

export const AddPasskeyBody = Type.Object({
  ceremonyId: CeremonyId,
  name: Type.String({ minLength: 1, maxLength: 60 }),
  response: CredentialJson,
}, { additionalProperties: false });
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;

export const PasskeyLoginBody = Type.Object({
  ceremonyId: CeremonyId,
  response: CredentialJson,
  /** the guest's anonymous customer id whose data moves to the account (with x-anonymous-token) */
  anonymousId: Type.Optional(Id),
}, { additionalProperties: false });
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;
