// Customers' passkeys (issue 26): registration in the account, usernameless sign-in, listing and removal.
//
// WebAuthn with @simplewebauthn/server (v14): the maintained, spec-tracking verifier of attestations and
// assertions (CBOR, COSE keys, origin, RP ID hash, flags, counter) that its browser part (@simplewebauthn/
// browser, the storefront's client) pairs with; writing that parsing ourselves would be the riskiest code here.
//
// Decisions:
// - The relying party is the store's host the customer is on (shopOrigin: the storefront's x-shop-origin when
//   its host belongs to the request's store, else the store's canonical host); the ceremony stores origin and
//   RP ID, and the answer must come from exactly that origin. A passkey works on the host it was made on.
// - Discoverable credentials only (residentKey 'required') and user verification 'required': a passkey
//   sign-in is possession plus PIN/biometrics, two factors in itself, so it never asks for a TOTP code.
// - Attestation "none": we do not restrict authenticator makes, so the attestation statement tells us nothing.
// - A ceremony (its challenge) lives 3 minutes, is used once (claimed by a conditional update) and is bound
//   to the session that asked (registration: customer and token family) or to the secret ceremony id handed
//   to the caller (sign-in: the storefront keeps it server-side in its session); only its SHA-256 is stored.
// - Adding a passkey needs the password again when the session began more than 5 minutes ago: a passkey is a
//   lasting way in, so a borrowed or stolen older session must not be able to plant one.
// - The signature counter must go forward (the library refuses a regression, the update below refuses a
//   concurrent older one); authenticators that keep no counter (0 both times) pass, as WebAuthn allows.
import { randomUUID } from 'node:crypto';
import type {
  AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { lazyModule } from '../../lib/lazy-module.ts';
import type { Customer, TokenResponse } from '../../contracts/commerce.ts';
import type { StoreKey } from '../../stores.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { sessionStartedAt, type AuthContext } from '../auth/tokens.ts';
import type { CommerceContext, PasswordResetHook } from '../context.ts';
import { customerById, startSession } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import type { LoginAttempt } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import {
  claimChallenge, deletePasskey, deletePasskeysOf, insertChallenge, insertPasskey, passkeyByCredential, passkeysOf, recordPasskeyUse, type PasskeyRow,
} from './repository.ts';

/** @simplewebauthn/server, loaded at the first ceremony of a process (src/lib/lazy-module.ts) */
const webauthn = lazyModule(() => import('@simplewebauthn/server'));

export const CEREMONY_TTL_S = 180;
/** A session older than this needs the password again to add a passkey. */
export const FRESH_SESSION_S = 300;
export const MAX_PASSKEYS = 10;

/** What a passkey call brings besides its input: the store, the time, the origin the browser is on. */
export interface PasskeyCall {
  storeKey: StoreKey;
  now: Date;
  /** the shop's origin the browser is on (shopOrigin); its host is the relying party */
  origin: string;
  /** the shop's name (mails) */
  shop: string;
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CeremonyOptions<T> {
  /** the ceremony's secret id: sent back with the authenticator's answer */
  ceremonyId: string;
  options: T;
}

const view = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: new Date(p.created_at).toISOString(),
  lastUsedAt: p.last_used_at ? new Date(p.last_used_at).toISOString() : null,
});

const rpIdOf = (origin: string): string => new URL(origin).hostname;

async function newCeremony(
  db: Db, call: PasskeyCall, purpose: 'registration' | 'authentication', challenge: string, owner: { customerId: string; familyId: string } | null,
): Promise<string> {
  const ceremonyId = newSecret('wa');
  await insertChallenge(db, {
    idHash: sha256(ceremonyId), purpose, store_key: call.storeKey, customer_id: owner?.customerId ?? null, family_id: owner?.familyId ?? null,
    challenge, rp_id: rpIdOf(call.origin), origin: call.origin, now: call.now, expiresAt: addSeconds(call.now, CEREMONY_TTL_S),
  });
  return ceremonyId;
}

/** The customer's passkeys, oldest first. */
export async function listPasskeys(ctx: CommerceContext, auth: AuthContext): Promise<PasskeyView[]> {
  return (await passkeysOf(ctx.db, auth.customerId)).map(view);
}

/**
 * The options for navigator.credentials.create: the session must be younger than 5 minutes or the password
 * given again; the customer's passkeys are excluded (one authenticator, one passkey per account).
 */
export async function registrationOptions(
  ctx: CommerceContext, call: PasskeyCall, auth: AuthContext, input: { password?: string },
): Promise<CeremonyOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const { db } = ctx;
  const customer = await customerById(db, auth.customerId);
  if (!customer || customer.kind !== 'registered') fail('invalid_token');
  const started = await sessionStartedAt(db, auth.familyId);
  const fresh = started !== null && call.now.getTime() - started.getTime() <= FRESH_SESSION_S * 1000;
  if (!fresh) {
    if (input.password === undefined) fail('passkey_password_required');
    if (!(await verifyPassword(input.password, customer.password_hash as string))) fail('invalid_current_password');
  }
  const existing = await passkeysOf(db, customer.id);
  if (existing.length >= MAX_PASSKEYS) fail('validation_failed', { details: { fields: [{ field: 'passkeys', code: 'too_long', message: `at most ${MAX_PASSKEYS} passkeys` }] } });
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: call.shop,
    rpID: rpIdOf(call.origin),
    userName: customer.email as string,
    userDisplayName: [customer.first_name, customer.last_name].filter(Boolean).join(' ') || (customer.email as string),
    // the user handle: the customer's id (not personal data; usernameless sign-in finds the passkey by its id)
    userID: new TextEncoder().encode(customer.id),
    timeout: CEREMONY_TTL_S * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  const ceremonyId = await newCeremony(db, call, 'registration', options.challenge, { customerId: customer.id, familyId: auth.familyId });
  return { ceremonyId, options };
}

/** Verifies the authenticator's answer to a registration ceremony of this session and stores the passkey. */
export async function addPasskey(
  ctx: CommerceContext, call: PasskeyCall, auth: AuthContext, input: { ceremonyId: string; name: string; response: RegistrationResponseJSON },
): Promise<PasskeyView> {
  const { db, outbox } = ctx;
  const ceremony = await claimChallenge(db, sha256(input.ceremonyId), 'registration', call.now);
  if (!ceremony || ceremony.customer_id !== auth.customerId || ceremony.family_id !== auth.familyId || ceremony.store_key !== call.storeKey) {
    fail('passkey_ceremony_expired');
  }
  let verified;
  try {
    verified = await (await webauthn()).verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rp_id,
      requireUserVerification: true,
    });
  } catch {
    fail('passkey_rejected');
  }
  if (!verified.verified) fail('passkey_rejected');
  const { credential } = verified.registrationInfo;
  if (await passkeyByCredential(db, credential.id)) fail('passkey_rejected');
  const customer = await customerById(db, auth.customerId);
  if (!customer) fail('invalid_token');
  const lang = customer.language ?? 'de';
  const { row, mailId } = await db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      id: randomUUID(), customerId: auth.customerId, credentialId: credential.id, publicKey: credential.publicKey,
      signCount: credential.counter, transports: credential.transports ?? [], rpId: ceremony.rp_id, name: input.name, now: call.now,
    });
    const mailId = await securityMail(ctx, tx, call, customer, 'account.passkeyAdded', row.name, lang);
    return { row, mailId };
  });
  outbox.deliver([mailId]);
  return view(row);
}

/** Removes the customer's passkey (another's id: 404 passkey_not_found) and tells the customer. */
export async function removePasskey(ctx: CommerceContext, call: PasskeyCall, auth: AuthContext, id: string): Promise<void> {
  const { db, outbox } = ctx;
  const customer = await customerById(db, auth.customerId);
  if (!customer) fail('invalid_token');
  const mailId = await db.transaction(async (tx) => {
    const removed = await deletePasskey(tx, auth.customerId, id);
    if (!removed) fail('passkey_not_found');
    return securityMail(ctx, tx, call, customer, 'account.passkeyRemoved', removed.name, customer.language ?? 'de');
  });
  outbox.deliver([mailId]);
}

/**
 * The password reset (customers' resetPassword, in its transaction) removes every passkey of the account.
 * Decision (issue 26): the reset link is also the "lock the account" link of every security mail, so it must
 * shut out whoever added a passkey with a stolen password or mailbox: a passkey signs in alone and would
 * outlive the new password. A customer who forgot the password but still holds a passkey could have signed in
 * with it instead; after the reset they add it again (the reset's mail says so). The authenticator app (TOTP)
 * stays: the link proves the mailbox only, and the second factor is what guards against a taken mailbox.
 */
export const removePasskeysAtReset: PasswordResetHook = async (tx, reset) => {
  await deletePasskeysOf(tx, reset.customerId);
};

async function securityMail(
  ctx: CommerceContext, tx: Db, call: PasskeyCall, customer: { id: string; email: string | null; first_name: string | null; last_name: string | null },
  kind: 'account.passkeyAdded' | 'account.passkeyRemoved', passkeyName: string, lang: 'de' | 'en',
): Promise<number> {
  const link = `${call.origin}${lang === 'en' ? '/en/my-account/passkeys' : '/kundenkonto/passkeys'}`;
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || null;
  const mail = renderMail(kind, lang, { store: call.storeKey, shop: call.shop, name, passkeyName, at: call.now, link });
  return ctx.outbox.add(tx, { channel: 'mail', customerId: customer.id, storeKey: call.storeKey, to: customer.email as string, ...mail }, call.now);
}

/** The options for navigator.credentials.get: no allowCredentials (usernameless: the authenticator offers
 * the passkeys it holds for this host). */
export async function authenticationOptions(ctx: CommerceContext, call: PasskeyCall): Promise<CeremonyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rpIdOf(call.origin), timeout: CEREMONY_TTL_S * 1000, userVerification: 'required' });
  const ceremonyId = await newCeremony(ctx.db, call, 'authentication', options.challenge, null);
  return { ceremonyId, options };
}

export interface PasskeySignInCall extends PasskeyCall {
  /** spends one of the address's failed sign-ins (the password sign-in's budget, lib/rate.ts) */
  takeAttempt: () => Promise<LoginAttempt>;
  /** the x-anonymous-token header: the proof the caller holds the guest it wants merged */
  anonymousToken?: string;
  /** for the session list and the new-device mail (issue 26), as the password sign-in brings them */
  clientIp: string;
  deviceToken?: string;
  userAgent?: string;
}

/**
 * Signs in with a passkey: the ceremony (once, in time, of this store), the credential (known, of a
 * registered customer of this store, on the ceremony's host), the signature, user verification and the
 * counter; then the session the password sign-in opens (the guest's merge, tokens). Every refusal is one
 * answer, passkey_rejected, and counts against the address's failed sign-ins.
 */
export async function signInWithPasskey(
  ctx: CommerceContext, call: PasskeySignInCall, input: { ceremonyId: string; response: AuthenticationResponseJSON; anonymousId?: string },
): Promise<TokenResponse & { customer: Customer; merged: boolean }> {
  const { db } = ctx;
  const attempt = await call.takeAttempt();
  const ceremony = await claimChallenge(db, sha256(input.ceremonyId), 'authentication', call.now);
  if (!ceremony || ceremony.store_key !== call.storeKey) fail('passkey_ceremony_expired');
  const passkey = await passkeyByCredential(db, input.response.id);
  const customer = passkey ? await customerById(db, passkey.customer_id) : null;
  if (!passkey || !customer || customer.store_key !== call.storeKey || passkey.rp_id !== ceremony.rp_id) fail('passkey_rejected');
  let info;
  try {
    const out = await (await webauthn()).verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rp_id,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.sign_count), transports: passkey.transports as never },
      requireUserVerification: true,
    });
    if (!out.verified) fail('passkey_rejected');
    info = out.authenticationInfo;
  } catch {
    fail('passkey_rejected');
  }
  if (!(await recordPasskeyUse(db, passkey.id, info.newCounter, call.now))) fail('passkey_rejected');
  await attempt.succeeded();
  return startSession(ctx, call, customer.id, input.anonymousId);
}
