-- Guide search (issue 5), after profiling 100,000 guides: the language and service-type
-- filters as arrays on the guide row (GIN-indexed, kept by triggers on the join tables), so
-- a filter is a test on the row instead of a probe per guide; one index per location and
-- sort; and every search index limited to what search can show (public, with a rate), so
-- counting the matches of a broad search reads the index only.
ALTER TABLE "guides" ADD COLUMN IF NOT EXISTS "search_language_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN IF NOT EXISTS "search_service_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_languages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guides g
     SET search_language_ids = coalesce(
           (SELECT array_agg(gl.language_id ORDER BY gl.language_id) FROM guide_languages gl WHERE gl.guide_id = g.id),
           '{}'::uuid[])
   WHERE g.id IN (SELECT guide_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_service_types_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guides g
     SET search_service_type_ids = coalesce(
           (SELECT array_agg(DISTINCT t.service_type_id) FROM guide_service_types t WHERE t.guide_id = g.id),
           '{}'::uuid[])
   WHERE g.id IN (SELECT guide_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guide_languages_search_insert AFTER INSERT ON "guide_languages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_languages_changed();--> statement-breakpoint
CREATE TRIGGER guide_languages_search_update AFTER UPDATE ON "guide_languages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_languages_changed();--> statement-breakpoint
CREATE TRIGGER guide_languages_search_delete AFTER DELETE ON "guide_languages"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_languages_changed();--> statement-breakpoint
CREATE TRIGGER guide_service_types_search_insert AFTER INSERT ON "guide_service_types"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_service_types_changed();--> statement-breakpoint
CREATE TRIGGER guide_service_types_search_update AFTER UPDATE ON "guide_service_types"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_service_types_changed();--> statement-breakpoint
CREATE TRIGGER guide_service_types_search_delete AFTER DELETE ON "guide_service_types"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_service_types_changed();--> statement-breakpoint
UPDATE "guides" g SET
  search_language_ids = coalesce(
    (SELECT array_agg(gl.language_id ORDER BY gl.language_id) FROM guide_languages gl WHERE gl.guide_id = g.id), '{}'::uuid[]),
  search_service_type_ids = coalesce(
    (SELECT array_agg(DISTINCT t.service_type_id) FROM guide_service_types t WHERE t.guide_id = g.id), '{}'::uuid[]);--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_rating";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_reviews";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_price";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_city_price";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_country_price";--> statement-breakpoint
CREATE INDEX "guides_search_rating" ON "guides" ("rating" DESC NULLS LAST, "review_count" DESC, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_reviews" ON "guides" ("review_count" DESC, "rating" DESC NULLS LAST, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_newest" ON "guides" ("created_at" DESC, "id" DESC) WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_price" ON "guides" ("search_price_usd", "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_city_rating" ON "guides" ("city_id", "rating" DESC NULLS LAST, "review_count" DESC, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_city_reviews" ON "guides" ("city_id", "review_count" DESC, "rating" DESC NULLS LAST, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_city_newest" ON "guides" ("city_id", "created_at" DESC, "id" DESC) WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_city_price" ON "guides" ("city_id", "search_price_usd", "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_country_rating" ON "guides" ("country_id", "rating" DESC NULLS LAST, "review_count" DESC, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_country_reviews" ON "guides" ("country_id", "review_count" DESC, "rating" DESC NULLS LAST, "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_country_newest" ON "guides" ("country_id", "created_at" DESC, "id" DESC) WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_country_price" ON "guides" ("country_id", "search_price_usd", "id") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_languages" ON "guides" USING gin ("search_language_ids") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;--> statement-breakpoint
CREATE INDEX "guides_search_service_types" ON "guides" USING gin ("search_service_type_ids") WHERE status = 'approved' and is_active and hourly_rate_minor is not null;
