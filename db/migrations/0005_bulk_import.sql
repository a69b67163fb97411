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
ALTER TABLE "bulk_import_jobs" ADD CONSTRAINT "bulk_import_jobs_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_job_id_bulk_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_import_jobs_platform_idx" ON "bulk_import_jobs" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "bulk_import_rows_pending_idx" ON "bulk_import_rows" USING btree ("job_id","row_number") WHERE "bulk_import_rows"."state" = 'PENDING';