ALTER TABLE "user_addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A user with addresses has exactly one default: the oldest, for addresses kept before the rule.
UPDATE "user_addresses" SET "is_default" = true WHERE "id" IN (
  SELECT DISTINCT ON ("user_id") "id" FROM "user_addresses" ORDER BY "user_id", "created_at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default" ON "user_addresses" USING btree ("user_id") WHERE is_default;
