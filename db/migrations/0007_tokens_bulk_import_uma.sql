CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_import_rows" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"record" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"error" jsonb,
	"customer_id" uuid,
	CONSTRAINT "bulk_import_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "receiver_lookups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"receiver_uma_address" text,
	"external_account_id" uuid,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uma_invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"inviter_customer_id" uuid NOT NULL,
	"inviter_uma" text NOT NULL,
	"first_name" text,
	"amount_to_send" bigint,
	"amount_currency" text,
	"status" text NOT NULL,
	"invitee_uma" text,
	"claimed_by_platform_id" uuid,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_jobs" ADD CONSTRAINT "bulk_import_jobs_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_job_id_bulk_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiver_lookups" ADD CONSTRAINT "receiver_lookups_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_invitations" ADD CONSTRAINT "uma_invitations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_invitations" ADD CONSTRAINT "uma_invitations_inviter_customer_id_customers_id_fk" FOREIGN KEY ("inviter_customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_platform_idx" ON "api_tokens" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "bulk_import_jobs_platform_idx" ON "bulk_import_jobs" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "bulk_import_rows_pending_idx" ON "bulk_import_rows" USING btree ("job_id","row_number") WHERE "bulk_import_rows"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "receiver_lookups_platform_idx" ON "receiver_lookups" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "uma_invitations_platform_idx" ON "uma_invitations" USING btree ("platform_id","created_at");