-- The ledger records intent before the paying request leaves, not only the answer after it, so a
-- rescue after a crash mid-payment always knows a charge may exist:
--   INTENT       written and committed before the issuer is called; no answer yet (a charge may exist)
--   PAID         the issuer answered with the document (confirmed charge)
--   NOT_CHARGED  the issuer refused before payment, or said it charged nothing under this key
-- Rows of V3_3 were written after an answer: confirmed ones are PAID, "possibly charged" ones INTENT.
ALTER TABLE dungji_issuer_payment
    ADD COLUMN state       varchar(20) NOT NULL DEFAULT 'PAID'
        CHECK (state IN ('INTENT', 'PAID', 'NOT_CHARGED')),
    ADD COLUMN updated_at  timestamptz NOT NULL DEFAULT now();
UPDATE dungji_issuer_payment SET state = 'INTENT' WHERE NOT confirmed;
ALTER TABLE dungji_issuer_payment ALTER COLUMN state DROP DEFAULT;

-- A charge that may exist (or exists) with no document to show for it: the task ended
-- FAILED(PAYMENT_UNCERTAIN) and an operator settles it with the issuer (refund or re-issue).
-- One per issuance task; written in a transaction of its own before the task fails.
CREATE TABLE dungji_payment_reconciliation (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    task_id      uuid         NOT NULL UNIQUE,
    nest_id      bigint       NOT NULL,
    owner_id     bigint       NOT NULL,
    reason       text         NOT NULL,
    status       varchar(20)  NOT NULL DEFAULT 'OPEN'
        CHECK (status IN ('OPEN', 'REFUNDED', 'REISSUED')),
    note         varchar(500),
    resolved_by  bigint,
    created_at   timestamptz  NOT NULL DEFAULT now(),
    resolved_at  timestamptz
);

CREATE INDEX dungji_payment_reconciliation_open
    ON dungji_payment_reconciliation (created_at) WHERE status = 'OPEN';
