CREATE TABLE "integrator_console_settings" (
	"platform_id" text PRIMARY KEY NOT NULL,
	"get_started_dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
