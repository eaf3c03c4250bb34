CREATE TABLE "listen_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"step" integer NOT NULL,
	"due_at" timestamp with time zone,
	"manual" boolean NOT NULL,
	"reopened" boolean NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listen_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"device_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listen_attempts" ADD CONSTRAINT "listen_attempts_session_id_listen_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."listen_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_attempts" ADD CONSTRAINT "listen_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_id_webhook_endpoints_id_fk" FOREIGN KEY ("id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listen_attempts_open_idx" ON "listen_attempts" USING btree ("session_id","closed_at","held_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listen_sessions_device_idx" ON "listen_sessions" USING btree ("account_id","environment","device_name");