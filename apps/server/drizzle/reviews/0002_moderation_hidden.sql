DROP INDEX "reviews_testimonials";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_testimonials" ON "reviews" USING btree ("created_at" DESC NULLS LAST) WHERE "reviews"."rating" >= 4 and "reviews"."comment" <> '' and "reviews"."hidden_at" is null;