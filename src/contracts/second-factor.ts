// Issue 26: the bodies and answers of the customers' second factor, step-up and session list.
import Type, { type Static } from 'typebox';

const Code = Type.String({ minLength: 1, maxLength: 20 });

export const SecondStepBody = Type.Object({
  pendingToken: Type.String({ minLength: 1, maxLength: 200 }),
  code: Code,
  rememberDevice: Type.Optional(Type.Boolean()),
  anonymousId: Type.Optional(Type.String({ format: 'uuid' })),
}, { additionalProperties: false });
export type SecondStepBody = Static<typeof SecondStepBody>;

export const SecondFactorStatus = Type.Object({ totp: Type.Boolean(), recoveryCodesLeft: Type.Integer() });
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

export const TotpEnrolment = Type.Object({
  /** the base32 secret, for typing it into the app */
  secret: Type.String(),
  /** the otpauth:// URI the QR code holds */
  uri: Type.String(),
  /** the QR code of the URI as inline SVG */
  qrSvg: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type CodeBody = Static<typeof CodeBody>;

export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });

export const StepUpBody = Type.Object({
  code: Type.Optional(Code),
  password: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export type StepUpBody = Static<typeof StepUpBody>;

export const StepUpResponse = Type.Object({
  method: Type.String(),
  confirmedAt: Type.String({ format: 'date-time' }),
  validUntil: Type.String({ format: 'date-time' }),
});

export const SessionList = Type.Object({
  sessions: Type.Array(Type.Object({
    id: Type.String(),
    device: Type.Union([Type.String(), Type.Null()]),
    ipRange: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.String({ format: 'date-time' }),
    current: Type.Boolean(),
  })),
});

export const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }), sessionId: Type.String({ format: 'uuid' }) });
