-- Watching a nest's register (issue #15): the app re-issues the certificate on the tenant's
-- schedule, diffs the parsed register against the last one and records what changed.

-- One watch per nest: re-issue every `every_days` days until `until_date` (the contract or move-in
-- date, in dungji.quota.zone). stopped_at: the tenant stopped it, or it ended.
CREATE TABLE dungji_watch (
    id             bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    nest_id        bigint       NOT NULL UNIQUE REFERENCES dungji_nest (id),
    owner_id       bigint       NOT NULL,
    every_days     integer      NOT NULL CHECK (every_days BETWEEN 1 AND 90),
    until_date     date         NOT NULL,
    -- The next slot: the scan re-issues a watch once its slot has come.
    next_due_at    timestamptz  NOT NULL,
    stopped_at     timestamptz,
    created_at     timestamptz  NOT NULL DEFAULT now()
);

-- The scan looks for due watches that are not stopped.
CREATE INDEX dungji_watch_due ON dungji_watch (next_due_at) WHERE stopped_at IS NULL;

-- One row per slot of a watch: the primary key makes a slot's re-issuance happen once, however
-- many instances scan. outcome: ISSUED (a new, paid task), REUSED (an issuance of the nest was
-- active), REFUSED (a quota said no: error_code says which; nothing was paid).
CREATE TABLE dungji_watch_run (
    watch_id           bigint       NOT NULL REFERENCES dungji_watch (id),
    slot               timestamptz  NOT NULL,
    outcome            text         NOT NULL CHECK (outcome IN ('ISSUED', 'REUSED', 'REFUSED')),
    issuance_task_id   uuid,
    error_code         text,
    created_at         timestamptz  NOT NULL DEFAULT now(),
    PRIMARY KEY (watch_id, slot)
);

-- What changed on a watched nest's register between two analyses, written in the transaction
-- that records the newer analysis's SUCCESS. notified_at: the Notifier took it (null: not yet; the
-- notification task retries).
CREATE TABLE dungji_register_change (
    id                      bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    nest_id                 bigint       NOT NULL REFERENCES dungji_nest (id),
    owner_id                bigint       NOT NULL,
    analysis_task_id        uuid         NOT NULL REFERENCES dungji_registry_analysis (analysis_task_id),
    previous_task_id        uuid         NOT NULL REFERENCES dungji_registry_analysis (analysis_task_id),
    -- RegisterChange.Type: RIGHT_ADDED, RIGHT_CANCELLED, OWNER_CHANGED, MAX_CLAIM_CHANGED
    change_type             text         NOT NULL,
    section                 text,
    rank                    text,
    right_kind              text,
    -- Korean first, then English: what the tenant reads
    description             text         NOT NULL,
    created_at              timestamptz  NOT NULL DEFAULT now(),
    notified_at             timestamptz
);

CREATE INDEX dungji_register_change_nest ON dungji_register_change (nest_id, id);

-- The in-app inbox, the Notifier's embedded default: one message per change event and user.
CREATE TABLE dungji_inbox (
    id          bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint       NOT NULL,
    -- the change event it tells of; unique so a retried notification never shows twice
    change_id   bigint       NOT NULL UNIQUE REFERENCES dungji_register_change (id),
    title       text         NOT NULL,
    body        text         NOT NULL,
    created_at  timestamptz  NOT NULL DEFAULT now(),
    read_at     timestamptz
);

CREATE INDEX dungji_inbox_user ON dungji_inbox (user_id, id);
