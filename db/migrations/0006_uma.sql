CREATE TABLE "receiver_lookups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid,
	"receiver_uma_address" text,
	"external_account_id" uuid,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uma_invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"inviter_customer_id" uuid NOT NULL,
	"inviter_uma" text NOT NULL,
	"first_name" text,
	"amount_to_send" bigint,
	"amount_currency" text,
	"status" text NOT NULL,
	"invitee_uma" text,
	"claimed_by_platform_id" uuid,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receiver_lookups" ADD CONSTRAINT "receiver_lookups_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_invitations" ADD CONSTRAINT "uma_invitations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_invitations" ADD CONSTRAINT "uma_invitations_inviter_customer_id_customers_id_fk" FOREIGN KEY ("inviter_customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiver_lookups_platform_idx" ON "receiver_lookups" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "uma_invitations_platform_idx" ON "uma_invitations" USING btree ("platform_id","created_at");