-- A property a user is considering. owner_id is the account id (the token's subject).
CREATE TABLE dungji_nest (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id        bigint       NOT NULL,
    name            varchar(100) NOT NULL,
    address         varchar(300) NOT NULL,
    registry_number varchar(20),
    dong            varchar(20),
    ho              varchar(20),
    created_at      timestamptz  NOT NULL DEFAULT now()
);

CREATE INDEX dungji_nest_owner ON dungji_nest (owner_id, id);
