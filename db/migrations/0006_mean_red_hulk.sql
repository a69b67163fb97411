CREATE TABLE "sca_states" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"session_expires_at" timestamp with time zone,
	"totp_secret_enc" text,
	"totp_pending_secret_enc" text,
	"recovery_code_digests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"login_challenge_id" uuid,
	"login_code_digest" text,
	"login_challenge_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sca_states" ADD CONSTRAINT "sca_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_states" ADD CONSTRAINT "sca_states_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;