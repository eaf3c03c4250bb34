-- D-87: the request log and the rate-limit counters write no WAL. A crash of PostgreSQL (not a clean
-- stop) empties both; a clean stop or restart keeps them. The log's id sequence stays logged, so
-- after a crash ids go on from where they were and a `logs tail` cursor never skips new entries.
ALTER TABLE "request_log" SET UNLOGGED;
--> statement-breakpoint
ALTER SEQUENCE "request_log_id_seq" SET LOGGED;
--> statement-breakpoint
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
