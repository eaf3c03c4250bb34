ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
-- A worker that has nothing to do sleeps between polls; a new job announces itself so every worker
-- process wakes at once (event to first webhook attempt within 200 ms). NOTIFY is sent at
-- commit, so a worker never wakes for a job it cannot see yet.
CREATE OR REPLACE FUNCTION svc_notify_job_queued() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('svc_job_queued', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_queued AFTER INSERT ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_job_queued();
