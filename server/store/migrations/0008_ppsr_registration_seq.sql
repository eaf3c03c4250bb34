ALTER TABLE "ppsr_registrations" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ppsr_registrations_seq_idx" ON "ppsr_registrations" USING btree ("seq");