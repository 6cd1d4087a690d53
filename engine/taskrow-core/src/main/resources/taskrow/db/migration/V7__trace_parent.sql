-- The submitter's trace context (a W3C traceparent, "00-<trace id>-<span id>-<flags>"), so that
-- the handler's span continues the submitter's trace. Null when nothing traces: the engine's
-- default stores nothing. Adding a nullable column with no default rewrites no row.
alter table taskrow_task add column trace_parent text;
