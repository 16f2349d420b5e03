// A software authenticator for the passkey tests (issue 26): ES256 (P-256) keys from node:crypto, the
// attestation object ("none") and assertions built byte by byte as WebAuthn Level 2 section 6 describes them,
// with a small CBOR writer. Independent of @simplewebauthn, which the service checks them with.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64url = (b: Uint8Array | string): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  /** the user handle the service gave at registration */
  userHandle: string;
  counter: number;
}

/** Flags: UP (user present), UV (user verified), AT (attested credential data). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
}

export interface CeremonyTweaks {
  /** the origin the "browser" puts into clientDataJSON (default: the expected one) */
  origin?: string;
  /** the RP ID whose hash goes into the authenticator data (default: the options' one) */
  rpId?: string;
  /** user verified (default true) */
  userVerified?: boolean;
}

/** navigator.credentials.create for the options: a new key pair and the RegistrationResponseJSON. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string, tweaks: CeremonyTweaks = {},
): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = cbor(new Map<number, Cbor>([
    [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x as string, 'base64url')], [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]));
  const credentialId = randomBytes(32);
  const idLen = Buffer.alloc(2);
  idLen.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLen, credentialId, cose]);
  const rpId = tweaks.rpId ?? options.rp.id ?? '';
  const flags = UP | AT | (tweaks.userVerified === false ? 0 : UV);
  const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: authData(rpId, flags, 0, attested) });
  const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: tweaks.origin ?? origin, crossOrigin: false });
  return {
    passkey: { credentialId, privateKey, cose, userHandle: options.user.id, counter: 0 },
    response: {
      id: b64url(credentialId), rawId: b64url(credentialId), type: 'public-key', authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    },
  };
}

/** navigator.credentials.get with the passkey: the AuthenticationResponseJSON (counter: the value to sign,
 * default one more than the last). */
export function assert(
  passkey: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string, tweaks: CeremonyTweaks & { counter?: number } = {},
): Record<string, unknown> {
  const counter = tweaks.counter ?? passkey.counter + 1;
  passkey.counter = counter;
  const data = authData(tweaks.rpId ?? options.rpId ?? '', UP | (tweaks.userVerified === false ? 0 : UV), counter);
  const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: tweaks.origin ?? origin, crossOrigin: false });
  // ES256: ECDSA over SHA-256 of authenticatorData || SHA-256(clientDataJSON), DER-encoded (node's default)
  const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId), rawId: b64url(passkey.credentialId), type: 'public-key', authenticatorAttachment: 'platform',
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(data), signature: b64url(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}
