CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" real NOT NULL,
	"operation_id" text,
	"key_id" text,
	"idempotency_key" text,
	"replayed" boolean NOT NULL,
	"bodies_kept" boolean NOT NULL,
	"request_headers" jsonb,
	"request_body" text,
	"request_body_truncated" boolean DEFAULT false NOT NULL,
	"response_body" text,
	"response_body_truncated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_log_account_idx" ON "request_log" USING btree ("account_id","environment","id");--> statement-breakpoint
CREATE INDEX "request_log_request_id_idx" ON "request_log" USING btree ("account_id","request_id");