CREATE TABLE "ppsr_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"organisation_number_type" text NOT NULL,
	"organisation_number" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppsr_certificates" (
	"certificate_number" text PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"registration_number" text,
	"status" text NOT NULL,
	"pdf" text,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ppsr_registrations" (
	"registration_number" text PRIMARY KEY NOT NULL,
	"grantor_number_type" text NOT NULL,
	"grantor_number" text NOT NULL,
	"grantor_name" text NOT NULL,
	"collateral_class" text NOT NULL,
	"secured_party_name" text NOT NULL,
	"registration_start" timestamp with time zone NOT NULL,
	"serial_number" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppsr_searches" (
	"request_id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"failure_reason" text,
	"charge_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ppsr_alerts" ADD CONSTRAINT "ppsr_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppsr_certificates" ADD CONSTRAINT "ppsr_certificates_request_id_ppsr_searches_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."ppsr_searches"("request_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppsr_searches" ADD CONSTRAINT "ppsr_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ppsr_alerts_scope_number_idx" ON "ppsr_alerts" USING btree ("account_id","environment","organisation_number_type","organisation_number");--> statement-breakpoint
CREATE INDEX "ppsr_alerts_number_idx" ON "ppsr_alerts" USING btree ("organisation_number_type","organisation_number");--> statement-breakpoint
CREATE INDEX "ppsr_certificates_request_idx" ON "ppsr_certificates" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "ppsr_registrations_grantor_idx" ON "ppsr_registrations" USING btree ("grantor_number");--> statement-breakpoint
CREATE INDEX "ppsr_registrations_serial_idx" ON "ppsr_registrations" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "ppsr_searches_account_env_idx" ON "ppsr_searches" USING btree ("account_id","environment");