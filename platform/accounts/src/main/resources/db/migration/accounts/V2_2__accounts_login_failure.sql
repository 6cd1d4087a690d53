-- Failed logins, for throttling per account (email) and per client address. In the database so
-- the limit holds across instances; rows older than the window are deleted as new ones arrive.
create table accounts_login_failure (
  id             bigint generated always as identity primary key,
  email          text        not null,
  client_address text        not null,
  failed_at      timestamptz not null
);
create index accounts_login_failure_email on accounts_login_failure (email, failed_at);
create index accounts_login_failure_address on accounts_login_failure (client_address, failed_at);
