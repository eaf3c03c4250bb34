CREATE TABLE "register_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acn" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"description" text NOT NULL,
	"lodged_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_insolvency_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"acn" text NOT NULL,
	"notice_url" text NOT NULL,
	"appointment_date" date NOT NULL,
	"description" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_entities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"acn" text,
	"abn" text,
	"entity_name" text NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"monitoring_status" text NOT NULL,
	"starts_at" date NOT NULL,
	"expires_at" date NOT NULL,
	"register" jsonb,
	"simulated_status" text,
	"last_event_at" timestamp with time zone,
	"merged_into" bigint,
	"order_id" bigint,
	"check_round" text,
	"setup_attempts" integer DEFAULT 0 NOT NULL,
	"warned_30_for" date,
	"warned_7_for" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"event_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"effective_date" date,
	"source" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"detected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_lookups" (
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "monitoring_lookups_account_id_environment_window_start_pk" PRIMARY KEY("account_id","environment","window_start")
);
--> statement-breakpoint
CREATE TABLE "monitoring_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"entity_ids" jsonb NOT NULL,
	"charge_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "monitoring_entity_limit" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD CONSTRAINT "monitored_entities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_orders" ADD CONSTRAINT "monitoring_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "register_documents_number_idx" ON "register_documents" USING btree ("document_number");--> statement-breakpoint
CREATE INDEX "register_documents_acn_idx" ON "register_documents" USING btree ("acn","id");--> statement-breakpoint
CREATE INDEX "register_insolvency_notices_acn_idx" ON "register_insolvency_notices" USING btree ("acn","id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_entities_acn_idx" ON "monitored_entities" USING btree ("account_id","environment","acn") WHERE "monitored_entities"."acn" is not null and "monitored_entities"."merged_into" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_entities_abn_idx" ON "monitored_entities" USING btree ("account_id","environment","abn") WHERE "monitored_entities"."acn" is null and "monitored_entities"."abn" is not null and "monitored_entities"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "monitored_entities_scope_idx" ON "monitored_entities" USING btree ("account_id","environment","id");--> statement-breakpoint
CREATE INDEX "monitored_entities_status_idx" ON "monitored_entities" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "monitored_entities_expiry_idx" ON "monitored_entities" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "monitoring_events_scope_idx" ON "monitoring_events" USING btree ("account_id","environment","id");--> statement-breakpoint
CREATE INDEX "monitoring_events_entity_idx" ON "monitoring_events" USING btree ("entity_id","detected_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_orders_processing_idx" ON "monitoring_orders" USING btree ("account_id","environment") WHERE "monitoring_orders"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "register_companies_abn_idx" ON "register_companies" USING btree (("record" ->> 'abn'));