CREATE TABLE "external_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"status" text NOT NULL,
	"platform_account_id" text,
	"ownership_type" text,
	"currency" text NOT NULL,
	"default_uma_deposit_account" boolean DEFAULT false NOT NULL,
	"account_type" text NOT NULL,
	"account_info" jsonb NOT NULL,
	"identity_key" text NOT NULL,
	"beneficiary_verification_status" text,
	"beneficiary_verified_name" text,
	"ownership_challenge" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_device_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"code_digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_redeem_attempts" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"policy" jsonb NOT NULL,
	"permissions" text[] NOT NULL,
	"token_digest" text,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_device_codes" ADD CONSTRAINT "agent_device_codes_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_device_codes" ADD CONSTRAINT "agent_device_codes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_accounts_customer_idx" ON "external_accounts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "external_accounts_platform_idx" ON "external_accounts" USING btree ("platform_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_customer_identity_uq" ON "external_accounts" USING btree ("platform_id","customer_id","identity_key") WHERE "external_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_platform_identity_uq" ON "external_accounts" USING btree ("platform_id","identity_key") WHERE "external_accounts"."customer_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_one_default_uq" ON "external_accounts" USING btree ("platform_id","customer_id") WHERE "external_accounts"."default_uma_deposit_account" and "external_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_device_codes_digest_uq" ON "agent_device_codes" USING btree ("code_digest");--> statement-breakpoint
CREATE INDEX "agent_device_codes_agent_idx" ON "agent_device_codes" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_token_digest_uq" ON "agents" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "agents_platform_idx" ON "agents" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "agents_customer_idx" ON "agents" USING btree ("customer_id","id");