CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"review_id" uuid,
	"position" smallint,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_photos_review_position" UNIQUE("review_id","position"),
	CONSTRAINT "review_photos_position" CHECK ("review_photos"."position" between 0 and 4),
	CONSTRAINT "review_photos_attached" CHECK (("review_photos"."review_id" is null) = ("review_photos"."position" is null))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"guide_id" uuid NOT NULL,
	"tourist_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_reservation" UNIQUE("reservation_id"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") <= 2000),
	CONSTRAINT "reviews_reply_length" CHECK (char_length("reviews"."reply") between 1 and 2000),
	CONSTRAINT "reviews_reply_with_time" CHECK (("reviews"."reply" is null) = ("reviews"."replied_at" is null))
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tourist_id_users_id_fk" FOREIGN KEY ("tourist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_owner" ON "review_photos" USING btree ("owner_id") WHERE "review_photos"."review_id" is null;--> statement-breakpoint
CREATE INDEX "review_photos_review" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "reviews_guide_created" ON "reviews" USING btree ("guide_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_tourist_created" ON "reviews" USING btree ("tourist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_testimonials" ON "reviews" USING btree ("created_at" DESC NULLS LAST) WHERE "reviews"."rating" >= 4 and "reviews"."comment" <> '';