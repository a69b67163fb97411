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
ALTER TABLE "oidc_token_uses" ADD CONSTRAINT "oidc_token_uses_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_registration_challenges" ADD CONSTRAINT "passkey_registration_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_secrets" ADD CONSTRAINT "wallet_secrets_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_secrets" ADD CONSTRAINT "wallet_secrets_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_token_uses_expiry_idx" ON "oidc_token_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "passkey_challenges_auth_method_idx" ON "passkey_challenges" USING btree ("auth_method_id");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expiry_idx" ON "passkey_challenges" USING btree ("expires_at") WHERE "passkey_challenges"."consumed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_methods_oauth_identity_uq" ON "auth_methods" USING btree ("platform_id","oidc_issuer","oidc_subject") WHERE "auth_methods"."type" = 'OAUTH' and "auth_methods"."revoked_at" is null;