CREATE TABLE "delegated_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"funding_source_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"encrypted_private_key" text,
	"nickname" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "destination_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "counterparty_uma_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "counterparty_uma_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "on_chain_transaction_hash" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "on_chain_network" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_transaction_hash" text;--> statement-breakpoint
ALTER TABLE "delegated_keys" ADD CONSTRAINT "delegated_keys_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegated_keys" ADD CONSTRAINT "delegated_keys_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegated_keys" ADD CONSTRAINT "delegated_keys_account_id_internal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."internal_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegated_keys_platform_account_idx" ON "delegated_keys" USING btree ("platform_id","account_id","id");--> statement-breakpoint
CREATE INDEX "delegated_keys_platform_funding_idx" ON "delegated_keys" USING btree ("platform_id","funding_source_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delegated_keys_one_active_idx" ON "delegated_keys" USING btree ("funding_source_id") WHERE status = 'ACTIVE';