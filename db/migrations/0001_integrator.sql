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
ALTER TABLE "integrator_oidc_requests" ADD CONSTRAINT "integrator_oidc_requests_user_id_integrator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."integrator_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_webauthn_challenges" ADD CONSTRAINT "integrator_webauthn_challenges_user_id_integrator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."integrator_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrator_users_platform_subject_uq" ON "integrator_users" USING btree ("platform_id","subject");--> statement-breakpoint
CREATE INDEX "integrator_webauthn_challenges_user_idx" ON "integrator_webauthn_challenges" USING btree ("user_id");