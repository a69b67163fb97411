ALTER TABLE "quotes" ADD COLUMN "payment_rail" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "remittance_information" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "purpose_of_payment" text;--> statement-breakpoint
CREATE UNIQUE INDEX "internal_accounts_platform_own_uq" ON "internal_accounts" USING btree ("platform_id","currency","type") WHERE "internal_accounts"."customer_id" is null;