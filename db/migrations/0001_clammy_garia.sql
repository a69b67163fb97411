CREATE TABLE "service_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
