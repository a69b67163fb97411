CREATE TABLE "uma_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"sender_vasp_domain" text NOT NULL,
	"payer_identifier" text NOT NULL,
	"payer_name" text,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uma_nonces" (
	"vasp_domain" text NOT NULL,
	"nonce" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uma_nonces_vasp_domain_nonce_pk" PRIMARY KEY("vasp_domain","nonce")
);
--> statement-breakpoint
CREATE TABLE "uma_outgoing_payments" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"receiver_address" text NOT NULL,
	"invoice" text NOT NULL,
	"payer_identifier" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uma_vasp_keys" (
	"platform_id" uuid PRIMARY KEY NOT NULL,
	"signing_cert_pem" text NOT NULL,
	"signing_private_key_enc" text NOT NULL,
	"encryption_cert_pem" text NOT NULL,
	"encryption_private_key_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uma_invoices" ADD CONSTRAINT "uma_invoices_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_invoices" ADD CONSTRAINT "uma_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_outgoing_payments" ADD CONSTRAINT "uma_outgoing_payments_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uma_vasp_keys" ADD CONSTRAINT "uma_vasp_keys_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uma_invoices_platform_idx" ON "uma_invoices" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE INDEX "uma_nonces_signed_idx" ON "uma_nonces" USING btree ("signed_at");