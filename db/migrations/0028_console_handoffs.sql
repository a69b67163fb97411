CREATE TABLE "integrator_console_handoffs" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"session_digest" text NOT NULL,
	"kind" text NOT NULL,
	"value_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrator_sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "integrator_console_handoffs_expires_idx" ON "integrator_console_handoffs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "integrator_sign_in_failures_window_idx" ON "integrator_sign_in_failures" USING btree ("window_ends_at");