CREATE TABLE "plaid_link_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_digest" text NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"external_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plaid_link_tokens" ADD CONSTRAINT "plaid_link_tokens_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_link_tokens" ADD CONSTRAINT "plaid_link_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_link_tokens" ADD CONSTRAINT "plaid_link_tokens_external_account_id_external_accounts_id_fk" FOREIGN KEY ("external_account_id") REFERENCES "public"."external_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plaid_link_tokens_digest_uq" ON "plaid_link_tokens" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "plaid_link_tokens_exchanged_idx" ON "plaid_link_tokens" USING btree ("updated_at") WHERE "plaid_link_tokens"."state" = 'EXCHANGED';