DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_claim_order_idx" ON "jobs" USING btree ("state","run_at","id");