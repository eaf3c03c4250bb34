-- A queued job's announcement says when the earliest job of the statement falls due (milliseconds
-- since the epoch), so a worker that is told of a job due later (a regulator step five seconds on)
-- does not claim for nothing at every write; it still wakes at once for a job due now. The same
-- channel and trigger as before (0009), now with the statement's new rows as a transition table.
CREATE OR REPLACE FUNCTION svc_notify_job_queued() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('svc_job_queued', coalesce((SELECT floor(extract(epoch FROM min(run_at)) * 1000)::bigint::text FROM queued_jobs), ''));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_queued ON "jobs";
--> statement-breakpoint
CREATE TRIGGER jobs_queued AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS queued_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_job_queued();
