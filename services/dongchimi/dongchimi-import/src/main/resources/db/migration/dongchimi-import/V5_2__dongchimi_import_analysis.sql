-- The import's AI answers by normalised product name and model version: a re-run, a retry or the
-- same product at another mart costs no AI call.
create table dongchimi_import_analysis (
  match_key     text        not null,
  model_version text        not null,
  category      text        not null,
  image_url     text,
  created_at    timestamptz not null default now(),
  primary key (match_key, model_version)
);
