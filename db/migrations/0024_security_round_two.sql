CREATE TABLE "integrator_console_sessions" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"credentials_sealed" text NOT NULL,
	"new_token_sealed" text,
	"new_token_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sca_states" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
CREATE INDEX "integrator_console_sessions_expires_idx" ON "integrator_console_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_uma_address_uq" ON "customers" USING btree ("uma_address") WHERE "customers"."deleted_at" is null;