-- Issue 26: customers' passkeys (WebAuthn) and the server side of their ceremonies. Kept apart from the
-- authenticator app's (TOTP) and the operators' second-factor tables.

create table customer_passkeys (
  id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  -- the credential's id as the browser reports it (base64url); one credential belongs to one account
  credential_id text not null unique,
  -- the COSE public key as the authenticator gave it at registration
  public_key bytea not null,
  -- the signature counter last seen (0 for authenticators that keep none, such as synced passkeys)
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  -- the relying party (the store's host) it was registered for
  rp_id text not null,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index customer_passkeys_customer on customer_passkeys (customer_id);

-- One row per ceremony (options handed out): single use (used_at), short-lived (expires_at), bound to the
-- session that asked (registration: the customer and the token family) or to the caller that holds the
-- ceremony's secret (sign-in; only its SHA-256 is stored, like tokens).
create table webauthn_challenges (
  id_hash text primary key,
  purpose text not null check (purpose in ('registration', 'authentication')),
  store_key text not null,
  customer_id uuid references customers (id) on delete cascade,
  family_id uuid,
  challenge text not null,
  rp_id text not null,
  origin text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index webauthn_challenges_expires on webauthn_challenges (expires_at);
