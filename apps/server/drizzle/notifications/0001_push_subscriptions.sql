CREATE TABLE "push_muted_kinds" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "push_muted_kinds_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "push_muted_kinds_kind" CHECK ("push_muted_kinds"."kind" in ('reservation.requested', 'reservation.approved', 'reservation.rejected', 'reservation.paid', 'reservation.cancelled', 'reservation.reminder', 'message.received'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_muted_kinds" ADD CONSTRAINT "push_muted_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");