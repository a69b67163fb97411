CREATE TABLE "platforms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"environment" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"platform_customer_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"email" text,
	"phone_number" text,
	"uma_address" text NOT NULL,
	"kyc_status" text NOT NULL,
	"profile" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"decimals" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"private_enabled" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"nickname" text,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" jsonb,
	"oidc_issuer" text,
	"oidc_subject" text,
	"oidc_audience" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_accounts" ADD CONSTRAINT "internal_accounts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_accounts" ADD CONSTRAINT "internal_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_methods" ADD CONSTRAINT "auth_methods_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_methods" ADD CONSTRAINT "auth_methods_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_platform_customer_id_uq" ON "customers" USING btree ("platform_id","platform_customer_id");--> statement-breakpoint
CREATE INDEX "customers_platform_id_idx" ON "customers" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "internal_accounts_customer_idx" ON "internal_accounts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "internal_accounts_platform_idx" ON "internal_accounts" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "auth_methods_account_idx" ON "auth_methods" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_methods_passkey_credential_uq" ON "auth_methods" USING btree ("platform_id","credential_id") WHERE "auth_methods"."credential_id" is not null and "auth_methods"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_methods_email_otp_one_per_account_uq" ON "auth_methods" USING btree ("account_id","type") WHERE "auth_methods"."type" in ('EMAIL_OTP', 'SMS_OTP') and "auth_methods"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_platform_idx" ON "outbox_events" USING btree ("platform_id","id");