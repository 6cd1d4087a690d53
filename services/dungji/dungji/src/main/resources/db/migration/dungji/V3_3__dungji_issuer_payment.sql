-- Every issuance the issuer (maybe) charged for, written in a transaction of its own right after the
-- issuer answered, so it survives the task transaction's rollback and a worker's crash. A later
-- attempt of the same task that finds a row here never asks the issuer to issue (pay) again.
CREATE TABLE dungji_issuer_payment (
    task_id          uuid         PRIMARY KEY,
    nest_id          bigint       NOT NULL,
    issuer_reference varchar(200),
    confirmed        boolean      NOT NULL,
    paid_at          timestamptz  NOT NULL DEFAULT now()
);
