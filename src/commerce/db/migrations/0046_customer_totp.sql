-- Customers' authenticator app, recovery codes, the pending second step of a sign-in, remembered devices and
-- step-up confirmations (issue 26). Passkeys keep tables of their own; a passkey confirmation writes
-- session_step_ups with method 'passkey'.
--
-- customer_totp: one authenticator per customer. confirmed_at null: enrolment started, not yet confirmed by a
-- typed code (such a row protects nothing and is replaced by the next start). last_time_step: the accepted
-- TOTP time step, so a code is never accepted twice (second-factor.ts's afterTimeStep).
-- Decision: the secret is stored as base32 text, not encrypted: the configuration has no server key today,
-- and a key kept in the same environment as the database credentials would protect against a stolen
-- backup only; see the feature's README note.
create table customer_totp (
  customer_id uuid primary key references customers (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_time_step bigint
);

-- Recovery codes: SHA-256 of the normalised code (second-factor.ts), each usable once.
create table customer_recovery_codes (
  customer_id uuid not null references customers (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz,
  primary key (customer_id, code_hash)
);

-- The second step of a sign-in: the password was right, the code is still to come. Short-lived and single
-- use; not a session (no token of the tokens table exists until the code is right).
create table customer_pending_sign_ins (
  token_hash text primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  store_key text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index customer_pending_sign_ins_expiry on customer_pending_sign_ins (expires_at);

-- The devices an account has signed in on: the random value of the storefront's device cookie, stored as
-- SHA-256 and bound to the account, for 30 days. A sign-in without a known device is a new device (the mail).
-- trusted: "remember this device for 30 days" was chosen at the second step, so the second step is skipped.
-- Removing the second factor deletes the rows.
create table customer_remembered_devices (
  token_hash text primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  trusted boolean not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index customer_remembered_devices_customer on customer_remembered_devices (customer_id);

-- Step-up: the last fresh confirmation of a session (a token family) and how it was given. No foreign key to
-- tokens (a family has several rows there); purged with the family's tokens by age.
create table session_step_ups (
  family_id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  method text not null check (method in ('password', 'totp', 'recovery_code', 'passkey')),
  confirmed_at timestamptz not null
);

-- The session list of the account: one row per signed-in token family with what the customer recognises a
-- session by: the device (the user agent as sent) and the place at most as an address range (IPv4 /24,
-- IPv6 /48), never the full address; the list's last use is the family's newest token set (each refresh issues one).
create table customer_sessions (
  family_id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  store_key text not null,
  user_agent text,
  ip_range text,
  created_at timestamptz not null,
  last_used_at timestamptz not null
);
create index customer_sessions_customer on customer_sessions (customer_id);
