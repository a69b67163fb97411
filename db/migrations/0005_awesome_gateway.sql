DROP INDEX "customers_platform_customer_id_uq";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_platform_customer_id_uq" ON "customers" USING btree ("platform_id","platform_customer_id") WHERE "customers"."deleted_at" is null;