CREATE TABLE "webhook_receiver_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"answered_status" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"via" text NOT NULL,
	"account_id" text,
	"endpoint_id" text,
	"delivery_id" text
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "receiver" text;--> statement-breakpoint
CREATE INDEX "webhook_receiver_requests_account_idx" ON "webhook_receiver_requests" USING btree ("account_id","id");