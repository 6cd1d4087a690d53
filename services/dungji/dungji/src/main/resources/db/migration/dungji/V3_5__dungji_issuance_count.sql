-- Counting rows for the issuance quotas: one row per scope and calendar day, incremented atomically
-- (INSERT … ON CONFLICT DO UPDATE … WHERE used < limit) in the transaction that creates the
-- issuance task, so racing requests on any number of instances never pass a limit.
--   scope: 'all' (the operator's daily budget), 'user:<account id>', 'nest:<nest id>'
CREATE TABLE dungji_issuance_count (
    scope  varchar(40) NOT NULL,
    day    date        NOT NULL,
    used   integer     NOT NULL CHECK (used >= 0),
    PRIMARY KEY (scope, day)
);
