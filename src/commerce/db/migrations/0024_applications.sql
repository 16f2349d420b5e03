-- Contact messages (spec 7 POST /application/contact; spec 5: needs consent; spec 9: contact data kept at
-- most 12 months, deleted by a scheduled job) and whistleblower reports (POST /application/whistleblow;
-- anonymous allowed). A report is read with its case reference and the access code shown once to the
-- reporter (kept as sha256); the office's answers and the reporter's follow-ups are its messages.
create table contact_messages (
  id uuid primary key,
  reference text not null unique,
  store_key text not null,
  customer_id uuid references customers (id) on delete cascade,
  salutation text,
  first_name text not null,
  last_name text not null,
  email text not null,
  email_lower text not null,
  phone text,
  subject text,
  message text not null,
  language text not null check (language in ('de', 'en')),
  consent_at timestamptz not null,
  created_at timestamptz not null
);
create index contact_messages_created on contact_messages (created_at);
create index contact_messages_email on contact_messages (store_key, email_lower);
create index contact_messages_customer on contact_messages (customer_id);

create table whistleblower_cases (
  id uuid primary key,
  reference text not null unique,
  secret_hash text not null,
  store_key text not null,
  language text not null check (language in ('de', 'en')),
  category text not null,
  anonymous boolean not null,
  reporter_name text,
  reporter_email text,
  reporter_phone text,
  status text not null check (status in ('received', 'in-progress', 'closed')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table whistleblower_messages (
  id uuid primary key,
  case_id uuid not null references whistleblower_cases (id) on delete cascade,
  author text not null check (author in ('reporter', 'office')),
  text text not null,
  created_at timestamptz not null,
  seq bigint generated always as identity
);
create index whistleblower_messages_case on whistleblower_messages (case_id, seq);
