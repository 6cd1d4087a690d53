-- The application's own schema starts here; the engine's tables are migrated separately
-- (classpath:taskrow/db/migration, history table taskrow_schema_history).
select 1;
