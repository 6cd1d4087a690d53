-- A paused queue: its workers claim nothing from it until it is resumed; submits are still
-- accepted. One row per paused queue, so the claim's check is one lookup by primary key.
create table taskrow_paused_queue (
    queue      text        primary key,
    paused_at  timestamptz not null
);
