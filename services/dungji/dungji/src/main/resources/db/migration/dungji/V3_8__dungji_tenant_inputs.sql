-- What the tenant tells us about the contract, one row per nest (the report reads it; the tenant
-- can change it any time, so a report is always computed from the current inputs, never stored).
CREATE TABLE dungji_tenant_inputs (
    nest_id        bigint       PRIMARY KEY REFERENCES dungji_nest (id),
    -- 보증금 in won: the figure every ratio of the report is about
    deposit        bigint       NOT NULL CHECK (deposit > 0),
    -- 월세 in won (0 or null: a jeonse)
    monthly_rent   bigint       CHECK (monthly_rent >= 0),
    -- 임대인 as the contract names them: compared with the register's owners
    landlord_name  text         CHECK (length(landlord_name) <= 100),
    -- 계약 예정일: "ownership changed recently" is counted back from it
    contract_date  date,
    -- 시세 in won as the tenant entered it: the embedded PriceSource answers this
    market_price   bigint       CHECK (market_price > 0),
    -- 법정동 code, first 5 digits (LAWD_CD): the 실거래가 adapter's key
    lawd_code      char(5)      CHECK (lawd_code ~ '^[0-9]{5}$'),
    updated_at     timestamptz  NOT NULL DEFAULT now()
);
