CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"personalisation" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"profiling" boolean NOT NULL,
	"version" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"page" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_topic" CHECK ("support_messages"."topic" in ('reservation', 'payment', 'account', 'guide-application', 'safety', 'feedback', 'other'))
);
--> statement-breakpoint
ALTER TABLE "cookie_consents" ADD CONSTRAINT "cookie_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cookie_consents_user_given" ON "cookie_consents" USING btree ("user_id","given_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_messages_created" ON "support_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_messages_user" ON "support_messages" USING btree ("user_id");