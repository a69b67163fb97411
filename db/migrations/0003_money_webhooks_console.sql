CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_url" text,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate_cache" (
	"source" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetch_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "exchange_rate_cache_source_from_currency_to_currency_pk" PRIMARY KEY("source","from_currency","to_currency")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"agent_id" uuid,
	"status" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_account_id" uuid NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_account_id" uuid NOT NULL,
	"locked_currency_side" text NOT NULL,
	"locked_currency_amount" bigint NOT NULL,
	"sending_currency" text NOT NULL,
	"receiving_currency" text NOT NULL,
	"total_sending_amount" bigint NOT NULL,
	"total_receiving_amount" bigint NOT NULL,
	"exchange_rate" text NOT NULL,
	"fees_included" bigint NOT NULL,
	"platform_fees_included" bigint NOT NULL,
	"usd_value_cents" bigint NOT NULL,
	"transaction_id" uuid NOT NULL,
	"description" text,
	"idempotency_key" text,
	"request_digest" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"agent_id" uuid,
	"quote_id" uuid,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"pending_reason" text,
	"failure_reason" text,
	"rejection_reason" text,
	"source_kind" text NOT NULL,
	"source_account_id" uuid,
	"destination_kind" text NOT NULL,
	"destination_account_id" uuid,
	"sending_currency" text NOT NULL,
	"sending_amount" bigint NOT NULL,
	"receiving_currency" text NOT NULL,
	"receiving_amount" bigint NOT NULL,
	"exchange_rate" text NOT NULL,
	"fees_amount" bigint NOT NULL,
	"platform_fees_amount" bigint NOT NULL,
	"usd_value_cents" bigint NOT NULL,
	"description" text,
	"idempotency_key" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_platform_idx" ON "webhook_deliveries" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_idempotency_uq" ON "quotes" USING btree ("platform_id","idempotency_key") WHERE "quotes"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_transaction_uq" ON "quotes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "quotes_platform_idx" ON "quotes" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "transactions_platform_idx" ON "transactions" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_day_idx" ON "transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_uq" ON "transactions" USING btree ("platform_id","kind","idempotency_key") WHERE "transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."dispatched_at" is null;