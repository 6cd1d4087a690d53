-- An issued registry certificate: the stored PDF and, once OCR ran, its text.
-- Written in the transaction that records the issuance task's SUCCESS and inserts the OCR task.
CREATE TABLE dungji_registry_file (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    nest_id           bigint       NOT NULL REFERENCES dungji_nest (id),
    issuance_task_id  uuid         NOT NULL UNIQUE,
    ocr_task_id       uuid         NOT NULL UNIQUE,
    storage_key       varchar(512) NOT NULL UNIQUE,
    size_bytes        bigint       NOT NULL CHECK (size_bytes > 0),
    sha256            char(64)     NOT NULL,
    content_type      varchar(100) NOT NULL,
    page_count        integer      NOT NULL CHECK (page_count > 0),
    ocr_text          text,
    -- [{"page": 1, "method": "TEXT_LAYER" | "OCR", "chars": 1234}, ...]
    ocr_pages         jsonb,
    ocr_finished_at   timestamptz,
    created_at        timestamptz  NOT NULL DEFAULT now()
);

CREATE INDEX dungji_registry_file_nest ON dungji_registry_file (nest_id);
