-- The parsed register of a certificate: one row per analysis task, inserted in the transaction
-- that records the OCR task's SUCCESS (so the analysis exists if and only if the OCR succeeded),
-- filled by the analysis task in the transaction that records its own SUCCESS.
CREATE TABLE dungji_registry_analysis (
    analysis_task_id  uuid         PRIMARY KEY,
    file_id           bigint       NOT NULL UNIQUE REFERENCES dungji_registry_file (id),
    nest_id           bigint       NOT NULL REFERENCES dungji_nest (id),
    -- ParsedRegister as snake_case JSON (see dev.dungji.register); null until the task succeeds
    register          jsonb,
    -- PARSE_UNCERTAIN warnings in register.warnings: a client shows "check the original"
    uncertain         boolean,
    confidence        numeric(4, 3) CHECK (confidence BETWEEN 0 AND 1),
    analysed_at       timestamptz,
    created_at        timestamptz  NOT NULL DEFAULT now()
);

CREATE INDEX dungji_registry_analysis_nest ON dungji_registry_analysis (nest_id);
