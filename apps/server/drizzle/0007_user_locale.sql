ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" in ('en', 'tr', 'ar', 'de', 'es', 'fr', 'it', 'ru'));