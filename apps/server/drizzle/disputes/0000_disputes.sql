CREATE TABLE "dispute_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dispute_messages_author_role" CHECK ("dispute_messages"."author_role" in ('tourist', 'guide', 'staff')),
	CONSTRAINT "dispute_messages_text_length" CHECK (char_length("dispute_messages"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "dispute_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"opener_role" text NOT NULL,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"hold_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"outcome" text,
	"amount_minor" integer,
	"refund_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "disputes_opener_role" CHECK ("disputes"."opener_role" in ('tourist', 'guide')),
	CONSTRAINT "disputes_reason" CHECK ("disputes"."reason" in ('no_show', 'late_or_short', 'not_as_described', 'safety', 'behaviour', 'payment', 'other')),
	CONSTRAINT "disputes_status" CHECK ("disputes"."status" in ('open', 'resolved')),
	CONSTRAINT "disputes_text_length" CHECK (char_length("disputes"."text") between 1 and 2000),
	CONSTRAINT "disputes_resolution" CHECK ("disputes"."resolution" is null or "disputes"."resolution" in ('no_action', 'partial_refund', 'full_refund', 'guide_penalty')),
	CONSTRAINT "disputes_resolved_together" CHECK (("disputes"."status" = 'open') = ("disputes"."resolved_at" is null) and ("disputes"."status" = 'open') = ("disputes"."resolution" is null) and ("disputes"."status" = 'open') = ("disputes"."outcome" is null) and ("disputes"."status" = 'open') = ("disputes"."resolved_by" is null)),
	CONSTRAINT "disputes_amount" CHECK ((coalesce("disputes"."resolution", 'no_action') = 'no_action' and "disputes"."amount_minor" is null) or ("disputes"."resolution" in ('partial_refund', 'full_refund', 'guide_penalty') and "disputes"."amount_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_photos" ADD CONSTRAINT "dispute_photos_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_photos" ADD CONSTRAINT "dispute_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_hold_id_earning_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."earning_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute" ON "dispute_messages" USING btree ("dispute_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dispute_photos_dispute" ON "dispute_photos" USING btree ("dispute_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_per_reservation" ON "disputes" USING btree ("reservation_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_reservation" ON "disputes" USING btree ("reservation_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_open" ON "disputes" USING btree ("opened_at","id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_resolved" ON "disputes" USING btree ("resolved_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "disputes"."status" = 'resolved';