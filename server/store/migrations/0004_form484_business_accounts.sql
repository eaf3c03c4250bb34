CREATE TABLE "form484_lodgements" (
	"request_id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"company_name" text NOT NULL,
	"acn" text NOT NULL,
	"test_transmission" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"document_token" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banking_partner_applications" (
	"reference" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"payload" "bytea" NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_account_applications" (
	"request_id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"entity_name" text NOT NULL,
	"acn" text,
	"abn" text,
	"payload" "bytea" NOT NULL,
	"partner_reference" text,
	"bsb" text,
	"account_number" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form484_lodgements" ADD CONSTRAINT "form484_lodgements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_account_applications" ADD CONSTRAINT "business_account_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form484_account_env_idx" ON "form484_lodgements" USING btree ("account_id","environment");--> statement-breakpoint
CREATE UNIQUE INDEX "form484_document_token_idx" ON "form484_lodgements" USING btree ("document_token");--> statement-breakpoint
CREATE INDEX "business_accounts_account_env_idx" ON "business_account_applications" USING btree ("account_id","environment");--> statement-breakpoint
CREATE UNIQUE INDEX "business_accounts_open_acn_idx" ON "business_account_applications" USING btree ("account_id","environment","acn") WHERE "business_account_applications"."status" in ('new', 'sent') and "business_account_applications"."acn" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_accounts_open_abn_idx" ON "business_account_applications" USING btree ("account_id","environment","abn") WHERE "business_account_applications"."status" in ('new', 'sent') and "business_account_applications"."abn" is not null;