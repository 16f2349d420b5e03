-- Operators' second factor and sessions (issue 26, staff).
-- TOTP: the secret (base32) while enrolling has totp_enrolled_at null; confirmed with a code it is set. The
-- last accepted time step makes every code usable once (src/commerce/auth/second-factor.ts). No factor:
-- the next sign-in enrols one before anything else is possible (every operator existing before this
-- migration, a new one, one whose factors an admin reset).
alter table operators
  add column totp_secret text,
  add column totp_enrolled_at timestamptz,
  add column totp_last_step bigint,
  -- wrong codes in a row: counted apart from wrong passwords (a right password must not wipe them, or
  -- password, 4 wrong codes, password again ... would never lock), locking the same locked_until
  add column failed_codes integer not null default 0;

-- 10 one-time recovery codes per enrolment, kept as SHA-256 only; used_at set when one is spent
create table operator_recovery_codes (
  operator_id uuid not null references operators (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- A session starts with its second step pending ('enrol': no factor yet; 'code': the code is asked) and
-- opens nothing but that step until it is passed. Sessions from before this change had no second step:
-- they end here (deleted: the migration has no clock of the application's), so every operator passes it at
-- the next sign-in. last_used_at and device (a short description of the browser) for the sessions list.
alter table operator_sessions
  add column second_step text check (second_step in ('enrol', 'code')),
  add column last_used_at timestamptz,
  add column device text;
delete from operator_sessions;
