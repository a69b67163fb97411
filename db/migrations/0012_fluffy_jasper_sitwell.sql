ALTER TABLE "quotes" ALTER COLUMN "destination_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "counterparty_uma_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "counterparty_uma_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "on_chain_transaction_hash" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "on_chain_network" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_transaction_hash" text;