ALTER TABLE "reviews" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_language" text;