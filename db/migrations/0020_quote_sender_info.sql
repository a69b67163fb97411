ALTER TABLE "quotes" ADD COLUMN "sender_customer_info" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sca_factor" text;