CREATE TABLE "platform_auth_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "signed_requests_expiry_idx";--> statement-breakpoint
ALTER TABLE "signed_requests" ADD COLUMN "accepted_stamp_digest" text;--> statement-breakpoint
ALTER TABLE "signed_requests" ADD COLUMN "response_status" integer;--> statement-breakpoint
ALTER TABLE "signed_requests" ADD COLUMN "response_body" jsonb;--> statement-breakpoint
ALTER TABLE "agent_device_codes" ADD COLUMN "keyed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_auth_failures_window_idx" ON "platform_auth_failures" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "otp_challenges_expires_idx" ON "otp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_at_idx" ON "rate_limit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "signed_requests_expires_idx" ON "signed_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agent_device_codes_expires_idx" ON "agent_device_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agent_redeem_attempts_window_idx" ON "agent_redeem_attempts" USING btree ("window_start");