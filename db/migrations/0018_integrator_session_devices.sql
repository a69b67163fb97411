CREATE TABLE "integrator_session_devices" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrator_session_devices" ADD CONSTRAINT "integrator_session_devices_user_id_integrator_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."integrator_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrator_session_devices_user_idx" ON "integrator_session_devices" USING btree ("user_id");