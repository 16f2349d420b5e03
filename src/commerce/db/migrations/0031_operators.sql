-- Operators (issue 15): the shop's staff, apart from customers. Their own accounts with roles, scrypt
-- passwords (src/commerce/auth/passwords.ts), a lockout after repeated wrong passwords, and sessions whose
-- tokens are kept only as sha256 (a copy of the database hands out no session).
create table operators (
  id uuid primary key,
  -- as typed at creation; unique whatever its case (sign-in compares lower case)
  email text not null,
  password_hash text not null,
  -- support | finance | warehouse | admin, at least one
  roles text[] not null check (cardinality(roles) between 1 and 4 and roles <@ array['support', 'finance', 'warehouse', 'admin']::text[]),
  disabled boolean not null default false,
  -- wrong passwords in a row; OPS_LOCK_AFTER of them lock sign-in until locked_until (src/commerce/ops/)
  failed_logins integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_login_at timestamptz
);
create unique index operators_email_lower on operators (lower(email));

-- One row per sign-in: 8 hours (a working shift), ended early by sign-out, a new password or disabling.
create table operator_sessions (
  id uuid primary key,
  token_hash text not null unique,
  operator_id uuid not null references operators (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index operator_sessions_operator on operator_sessions (operator_id);
create index operator_sessions_expires on operator_sessions (expires_at);
