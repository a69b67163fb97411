CREATE TABLE "sca_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"factor" text NOT NULL,
	"code_digest" text,
	"passkey_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sca_factor_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"factor" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sca_passkeys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sca_challenge" jsonb;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sca_states" ADD COLUMN "passkey_enroll_challenge" text;--> statement-breakpoint
ALTER TABLE "sca_states" ADD COLUMN "passkey_enroll_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sca_challenges" ADD CONSTRAINT "sca_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_challenges" ADD CONSTRAINT "sca_challenges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_factor_resets" ADD CONSTRAINT "sca_factor_resets_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_factor_resets" ADD CONSTRAINT "sca_factor_resets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_passkeys" ADD CONSTRAINT "sca_passkeys_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_passkeys" ADD CONSTRAINT "sca_passkeys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sca_challenges_subject_idx" ON "sca_challenges" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "sca_challenges_expiry_idx" ON "sca_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sca_factor_resets_customer_idx" ON "sca_factor_resets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sca_passkeys_credential_uq" ON "sca_passkeys" USING btree ("platform_id","credential_id");--> statement-breakpoint
CREATE INDEX "sca_passkeys_customer_idx" ON "sca_passkeys" USING btree ("customer_id");