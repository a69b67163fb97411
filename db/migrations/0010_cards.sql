CREATE TABLE "card_reveals" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid,
	"issuer_transaction_token" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"exception_reason" text,
	"merchant" jsonb NOT NULL,
	"currency" text NOT NULL,
	"authorized_amount" bigint NOT NULL,
	"held_amount" bigint DEFAULT 0 NOT NULL,
	"settled_amount" bigint DEFAULT 0 NOT NULL,
	"settlement_count" integer DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"pull_amount" bigint DEFAULT 0 NOT NULL,
	"pull_count" integer DEFAULT 0 NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"platform_card_id" text NOT NULL,
	"state" text NOT NULL,
	"state_reason" text,
	"brand" text NOT NULL,
	"form" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"currency" text NOT NULL,
	"funding_sources" jsonb NOT NULL,
	"max_spend_per_transaction" bigint,
	"pan_enc" text NOT NULL,
	"cvv_enc" text NOT NULL,
	"processor_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transactions_platform_idx" ON "card_transactions" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_transactions_account_idx" ON "card_transactions" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_platform_card_id_uq" ON "cards" USING btree ("platform_id","platform_card_id");--> statement-breakpoint
CREATE INDEX "cards_platform_idx" ON "cards" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "cards_customer_idx" ON "cards" USING btree ("customer_id","id");