CREATE TABLE "bank_account_verifications" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"verified_by" uuid NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earning_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"guide_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guide_account_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"guide_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"payout_id" uuid,
	"reservation_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guide_account_entries_kind" CHECK (("guide_account_entries"."kind" = 'payout' and "guide_account_entries"."amount_minor" < 0 and "guide_account_entries"."payout_id" is not null)
       or ("guide_account_entries"."kind" = 'payout_return' and "guide_account_entries"."amount_minor" > 0 and "guide_account_entries"."payout_id" is not null)
       or ("guide_account_entries"."kind" = 'penalty' and "guide_account_entries"."amount_minor" < 0)),
	CONSTRAINT "guide_account_entries_currency" CHECK ("guide_account_entries"."currency" in ('EUR', 'TRY', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"scheduled_week" date,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"exported_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status" CHECK ("payout_batches"."status" in ('review', 'exported', 'sent', 'cancelled')),
	CONSTRAINT "payout_batches_currency" CHECK ("payout_batches"."currency" in ('EUR', 'TRY', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"guide_user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"holder_name" text NOT NULL,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_reason" text,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('pending', 'sent', 'returned', 'removed')),
	CONSTRAINT "payouts_currency" CHECK ("payouts"."currency" in ('EUR', 'TRY', 'USD'))
);
--> statement-breakpoint
ALTER TABLE "bank_account_verifications" ADD CONSTRAINT "bank_account_verifications_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_verifications" ADD CONSTRAINT "bank_account_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_holds" ADD CONSTRAINT "earning_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_holds" ADD CONSTRAINT "earning_holds_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_account_entries" ADD CONSTRAINT "guide_account_entries_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_account_entries" ADD CONSTRAINT "guide_account_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_account_entries" ADD CONSTRAINT "guide_account_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earning_holds_active_guide" ON "earning_holds" USING btree ("guide_user_id","reservation_id") WHERE "earning_holds"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_account_entries_payout_kind" ON "guide_account_entries" USING btree ("payout_id","kind") WHERE "guide_account_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "guide_account_entries_guide" ON "guide_account_entries" USING btree ("guide_user_id","currency");--> statement-breakpoint
CREATE INDEX "payout_batches_created" ON "payout_batches" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_week" ON "payout_batches" USING btree ("currency","scheduled_week");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_one_open" ON "payout_batches" USING btree ("currency") WHERE "payout_batches"."status" in ('review', 'exported');--> statement-breakpoint
CREATE INDEX "payouts_batch" ON "payouts" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payouts_guide_created" ON "payouts" USING btree ("guide_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_pending" ON "payouts" USING btree ("guide_user_id","currency") WHERE "payouts"."status" = 'pending';