// The passkeys' SQL (issue 26): the customers' credentials and the ceremonies' challenges, one function per
// statement. Times come from the caller's clock.
import type { Db } from '../db/index.ts';

export interface PasskeyRow {
  id: string;
  customer_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: number;
  transports: string[];
  rp_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface ChallengeRow {
  purpose: 'registration' | 'authentication';
  store_key: string;
  customer_id: string | null;
  family_id: string | null;
  challenge: string;
  rp_id: string;
  origin: string;
}

const passkeyColumns = 'id, customer_id, credential_id, public_key, sign_count::int as sign_count, transports, rp_id, name, created_at, last_used_at';

export async function insertChallenge(
  db: Db, row: ChallengeRow & { idHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into webauthn_challenges (id_hash, purpose, store_key, customer_id, family_id, challenge, rp_id, origin, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [row.idHash, row.purpose, row.store_key, row.customer_id, row.family_id, row.challenge, row.rp_id, row.origin, row.now, row.expiresAt],
  );
}

/** Claims a live, unused ceremony of the purpose: the conditional update makes it single-use (of two
 * concurrent claims exactly one wins). */
export async function claimChallenge(db: Db, idHash: string, purpose: ChallengeRow['purpose'], now: Date): Promise<ChallengeRow | null> {
  const rows = await db.query<ChallengeRow>(
    `update webauthn_challenges set used_at = $3
     where id_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
     returning purpose, store_key, customer_id, family_id, challenge, rp_id, origin`,
    [idHash, purpose, now],
  );
  return rows[0] ?? null;
}

export async function purgeChallenges(db: Db, now: Date): Promise<void> {
  await db.query('delete from webauthn_challenges where expires_at < $1', [now]);
}

export async function passkeysOf(db: Db, customerId: string): Promise<PasskeyRow[]> {
  return db.query<PasskeyRow>(`select ${passkeyColumns} from customer_passkeys where customer_id = $1 order by created_at, id`, [customerId]);
}

export async function passkeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const rows = await db.query<PasskeyRow>(`select ${passkeyColumns} from customer_passkeys where credential_id = $1`, [credentialId]);
  return rows[0] ?? null;
}

export async function insertPasskey(
  db: Db,
  p: { id: string; customerId: string; credentialId: string; publicKey: Uint8Array; signCount: number; transports: string[]; rpId: string; name: string; now: Date },
): Promise<PasskeyRow> {
  const rows = await db.query<PasskeyRow>(
    `insert into customer_passkeys (id, customer_id, credential_id, public_key, sign_count, transports, rp_id, name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${passkeyColumns}`,
    [p.id, p.customerId, p.credentialId, p.publicKey, p.signCount, p.transports, p.rpId, p.name, p.now],
  );
  return rows[0];
}

/** Records a sign-in with the passkey: the new counter, only forward (a concurrent older one loses). */
export async function recordPasskeyUse(db: Db, id: string, signCount: number, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update customer_passkeys set sign_count = $2, last_used_at = $3
     where id = $1 and (sign_count < $2 or (sign_count = 0 and $2 = 0)) returning id`,
    [id, signCount, now],
  );
  return rows.length === 1;
}

/** Deletes every passkey of the customer (the password reset); how many went. */
export async function deletePasskeysOf(tx: Db, customerId: string): Promise<number> {
  const rows = await tx.query<{ id: string }>('delete from customer_passkeys where customer_id = $1 returning id', [customerId]);
  return rows.length;
}

/** Deletes the customer's passkey; null when the id is not theirs. */
export async function deletePasskey(db: Db, customerId: string, id: string): Promise<PasskeyRow | null> {
  const rows = await db.query<PasskeyRow>(
    `delete from customer_passkeys where id = $1 and customer_id = $2 returning ${passkeyColumns}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}
