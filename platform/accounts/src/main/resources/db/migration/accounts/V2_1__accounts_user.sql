-- Accounts of the shared account system. The email is stored normalised (trimmed, lower-case).
create table accounts_user (
  id            bigint generated always as identity primary key,
  email         text        not null unique check (length(email) <= 254),
  password_hash text        not null,
  roles         text[]      not null,
  created_at    timestamptz not null default now()
);
