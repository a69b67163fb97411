CREATE TABLE "stablecoin_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"stablecoin_id" uuid NOT NULL,
	"provider_account_id" uuid NOT NULL,
	"operation_type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fiat_amount" bigint NOT NULL,
	"source" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"funding_instructions" jsonb,
	"estimated_delivery" jsonb,
	"expires_at" timestamp with time zone,
	"provider_status" text,
	"failure_reason" text,
	"description" text,
	"next_step_at" timestamp with time zone,
	"idempotency_key" text,
	"request_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stablecoin_provider_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"provider_environment" text NOT NULL,
	"status" text NOT NULL,
	"api_client_id" text NOT NULL,
	"api_client_secret_enc" text NOT NULL,
	"last_verified_at" timestamp with time zone,
	"idempotency_key" text,
	"request_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stablecoins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"provider_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_environment" text NOT NULL,
	"provider_token_identifier" text NOT NULL,
	"network_token_identifier" text NOT NULL,
	"network" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"base_currency" text NOT NULL,
	"decimals" integer NOT NULL,
	"issuance_status" text NOT NULL,
	"grid_operations_status" text NOT NULL,
	"currency" text,
	"idempotency_key" text,
	"request_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stablecoin_operations" ADD CONSTRAINT "stablecoin_operations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stablecoin_operations" ADD CONSTRAINT "stablecoin_operations_stablecoin_id_stablecoins_id_fk" FOREIGN KEY ("stablecoin_id") REFERENCES "public"."stablecoins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stablecoin_operations" ADD CONSTRAINT "stablecoin_operations_provider_account_id_stablecoin_provider_accounts_id_fk" FOREIGN KEY ("provider_account_id") REFERENCES "public"."stablecoin_provider_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stablecoin_provider_accounts" ADD CONSTRAINT "stablecoin_provider_accounts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stablecoins" ADD CONSTRAINT "stablecoins_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stablecoins" ADD CONSTRAINT "stablecoins_provider_account_id_stablecoin_provider_accounts_id_fk" FOREIGN KEY ("provider_account_id") REFERENCES "public"."stablecoin_provider_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stablecoin_operations_idempotency_uq" ON "stablecoin_operations" USING btree ("platform_id","idempotency_key") WHERE "stablecoin_operations"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "stablecoin_operations_stablecoin_idx" ON "stablecoin_operations" USING btree ("stablecoin_id","id");--> statement-breakpoint
CREATE INDEX "stablecoin_operations_due_idx" ON "stablecoin_operations" USING btree ("next_step_at") WHERE "stablecoin_operations"."next_step_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stablecoin_provider_accounts_idempotency_uq" ON "stablecoin_provider_accounts" USING btree ("platform_id","idempotency_key") WHERE "stablecoin_provider_accounts"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stablecoin_provider_accounts_account_uq" ON "stablecoin_provider_accounts" USING btree ("platform_id","provider","provider_environment","provider_account_id");--> statement-breakpoint
CREATE INDEX "stablecoin_provider_accounts_platform_idx" ON "stablecoin_provider_accounts" USING btree ("platform_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stablecoins_idempotency_uq" ON "stablecoins" USING btree ("platform_id","idempotency_key") WHERE "stablecoins"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stablecoins_token_uq" ON "stablecoins" USING btree ("platform_id","provider_environment","provider_token_identifier");--> statement-breakpoint
CREATE INDEX "stablecoins_platform_idx" ON "stablecoins" USING btree ("platform_id","id");