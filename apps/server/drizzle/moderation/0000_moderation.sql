CREATE TABLE "moderation_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"first_reported_at" timestamp with time zone NOT NULL,
	"last_reported_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_note" text,
	CONSTRAINT "moderation_items_target" UNIQUE("target_type","target_id"),
	CONSTRAINT "moderation_items_target_type" CHECK ("moderation_items"."target_type" in ('review', 'review_reply', 'message', 'guide', 'user')),
	CONSTRAINT "moderation_items_status" CHECK ("moderation_items"."status" in ('open', 'dismissed', 'hidden', 'warned', 'suspended')),
	CONSTRAINT "moderation_items_decided" CHECK (("moderation_items"."status" = 'open') = ("moderation_items"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_reports_once" UNIQUE("item_id","reporter_id"),
	CONSTRAINT "moderation_reports_reason" CHECK ("moderation_reports"."reason" in ('spam', 'harassment', 'hate', 'sexual', 'scam', 'false_information', 'other')),
	CONSTRAINT "moderation_reports_text_length" CHECK (char_length("moderation_reports"."text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "user_suspensions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"suspended_by" uuid NOT NULL,
	"guide_id" uuid
);
--> statement-breakpoint
CREATE TABLE "user_warnings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_items_open" ON "moderation_items" USING btree ("first_reported_at","id") WHERE "moderation_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_items_decided_at" ON "moderation_items" USING btree ("decided_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "moderation_items"."status" <> 'open';--> statement-breakpoint
CREATE INDEX "moderation_items_author" ON "moderation_items" USING btree ("author_id","last_reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter" ON "moderation_reports" USING btree ("reporter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_warnings_user" ON "user_warnings" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Support's user search (GET /api/app/staff/users?q=): a name, surname or e-mail fragment
-- through trigrams (pg_trgm comes with the core set); the newest accounts when q is empty.
-- Indexes on `users` kept with the moderation set that alone reads them this way, as the
-- search set keeps its indexes on the guides tables.
CREATE INDEX "users_staff_search" ON "users" USING gin ((coalesce("name", '') || ' ' || coalesce("surname", '') || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at" ON "users" USING btree ("created_at" DESC, "id" DESC);
