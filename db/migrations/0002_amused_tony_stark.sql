CREATE TABLE "integrator_oidc_requests" (
	"state_digest" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"client_public_key" text,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"credential_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrator_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"customer_id" text,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrator_webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"auth_method_id" uuid NOT NULL,
	"type" text NOT NULL,
	"public_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"auth_method_id" uuid NOT NULL,
	"code_digest" text NOT NULL,
	"target_public_key" text NOT NULL,
	"target_private_key_enc" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"account_id" uuid,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_digest" text NOT NULL,
	"payload" text NOT NULL,
	"credential_type" text,
	"signer" jsonb NOT NULL,
	"context" jsonb NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"accepted_signer" text,
	"accepted_signature" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"settle_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_url" text,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate_cache" (
	"source" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetch_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "exchange_rate_cache_source_from_currency_to_currency_pk" PRIMARY KEY("source","from_currency","to_currency")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"agent_id" uuid,
	"status" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_account_id" uuid NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_account_id" uuid NOT NULL,
	"locked_currency_side" text NOT NULL,
	"locked_currency_amount" bigint NOT NULL,
	"sending_currency" text NOT NULL,
	"receiving_currency" text NOT NULL,
	"total_sending_amount" bigint NOT NULL,
	"total_receiving_amount" bigint NOT NULL,
	"exchange_rate" text NOT NULL,
	"fees_included" bigint NOT NULL,
	"platform_fees_included" bigint NOT NULL,
	"usd_value_cents" bigint NOT NULL,
	"transaction_id" uuid NOT NULL,
	"description" text,
	"idempotency_key" text,
	"request_digest" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"agent_id" uuid,
	"quote_id" uuid,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"pending_reason" text,
	"failure_reason" text,
	"rejection_reason" text,
	"source_kind" text NOT NULL,
	"source_account_id" uuid,
	"destination_kind" text NOT NULL,
	"destination_account_id" uuid,
	"sending_currency" text NOT NULL,
	"sending_amount" bigint NOT NULL,
	"receiving_currency" text NOT NULL,
	"receiving_amount" bigint NOT NULL,
	"exchange_rate" text NOT NULL,
	"fees_amount" bigint NOT NULL,
	"platform_fees_amount" bigint NOT NULL,
	"usd_value_cents" bigint NOT NULL,
	"description" text,
	"idempotency_key" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "oidc_token_uses" (
	"digest" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"auth_method_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"auth_method_id" uuid NOT NULL,
	"client_public_key" text NOT NULL,
	"challenge" text NOT NULL,
	"payload" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkey_registration_challenges" (
	"digest" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_secrets" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"mnemonic_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrator_oidc_requests" ADD CONSTRAINT "integrator_oidc_requests_user_id_integrator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."integrator_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_webauthn_challenges" ADD CONSTRAINT "integrator_webauthn_challenges_user_id_integrator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."integrator_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_requests" ADD CONSTRAINT "signed_requests_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_device_codes" ADD CONSTRAINT "agent_device_codes_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_device_codes" ADD CONSTRAINT "agent_device_codes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_token_uses" ADD CONSTRAINT "oidc_token_uses_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_registration_challenges" ADD CONSTRAINT "passkey_registration_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_secrets" ADD CONSTRAINT "wallet_secrets_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_secrets" ADD CONSTRAINT "wallet_secrets_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrator_users_platform_subject_uq" ON "integrator_users" USING btree ("platform_id","subject");--> statement-breakpoint
CREATE INDEX "integrator_webauthn_challenges_user_idx" ON "integrator_webauthn_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_account_key_idx" ON "auth_sessions" USING btree ("account_id","public_key");--> statement-breakpoint
CREATE INDEX "auth_sessions_auth_method_idx" ON "auth_sessions" USING btree ("auth_method_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_public_key_idx" ON "auth_sessions" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "otp_challenges_auth_method_idx" ON "otp_challenges" USING btree ("auth_method_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_live_expiry_idx" ON "otp_challenges" USING btree ("expires_at") WHERE "otp_challenges"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_at_idx" ON "rate_limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "signed_requests_expiry_idx" ON "signed_requests" USING btree ("expires_at") WHERE "signed_requests"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_platform_idx" ON "webhook_deliveries" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_idempotency_uq" ON "quotes" USING btree ("platform_id","idempotency_key") WHERE "quotes"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_transaction_uq" ON "quotes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "quotes_platform_idx" ON "quotes" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "transactions_platform_idx" ON "transactions" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_day_idx" ON "transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_uq" ON "transactions" USING btree ("platform_id","kind","idempotency_key") WHERE "transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "external_accounts_customer_idx" ON "external_accounts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "external_accounts_platform_idx" ON "external_accounts" USING btree ("platform_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_customer_identity_uq" ON "external_accounts" USING btree ("platform_id","customer_id","identity_key") WHERE "external_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_platform_identity_uq" ON "external_accounts" USING btree ("platform_id","identity_key") WHERE "external_accounts"."customer_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_one_default_uq" ON "external_accounts" USING btree ("platform_id","customer_id") WHERE "external_accounts"."default_uma_deposit_account" and "external_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_device_codes_digest_uq" ON "agent_device_codes" USING btree ("code_digest");--> statement-breakpoint
CREATE INDEX "agent_device_codes_agent_idx" ON "agent_device_codes" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_token_digest_uq" ON "agents" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "agents_platform_idx" ON "agents" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "agents_customer_idx" ON "agents" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "oidc_token_uses_expiry_idx" ON "oidc_token_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "passkey_challenges_auth_method_idx" ON "passkey_challenges" USING btree ("auth_method_id");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expiry_idx" ON "passkey_challenges" USING btree ("expires_at") WHERE "passkey_challenges"."consumed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_methods_oauth_identity_uq" ON "auth_methods" USING btree ("platform_id","oidc_issuer","oidc_subject") WHERE "auth_methods"."type" = 'OAUTH' and "auth_methods"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."dispatched_at" is null;