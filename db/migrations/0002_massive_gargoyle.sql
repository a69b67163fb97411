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
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_auth_method_id_auth_methods_id_fk" FOREIGN KEY ("auth_method_id") REFERENCES "public"."auth_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_requests" ADD CONSTRAINT "signed_requests_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_account_key_idx" ON "auth_sessions" USING btree ("account_id","public_key");--> statement-breakpoint
CREATE INDEX "auth_sessions_auth_method_idx" ON "auth_sessions" USING btree ("auth_method_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_public_key_idx" ON "auth_sessions" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "otp_challenges_auth_method_idx" ON "otp_challenges" USING btree ("auth_method_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_live_expiry_idx" ON "otp_challenges" USING btree ("expires_at") WHERE "otp_challenges"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_at_idx" ON "rate_limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "signed_requests_expiry_idx" ON "signed_requests" USING btree ("expires_at") WHERE "signed_requests"."state" = 'PENDING';