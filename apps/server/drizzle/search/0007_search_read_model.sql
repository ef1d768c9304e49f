-- Guide search, issue 17 (docs/decisions/012): a read model shaped for search. One row per
-- public guide (approved, active, with a rate) holding what the filters, the sorts and the
-- card need, so a page is one index range scan of one table and its cards need no join but
-- the city and country by key. Kept in step by triggers on every table a row is built from,
-- in the writing transaction: a guide leaves it the moment it stops being public.
CREATE TABLE IF NOT EXISTS "search_guides" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "guides"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL,
  "city_id" uuid,
  "country_id" uuid,
  "timezone" text NOT NULL,
  "currency" text NOT NULL,
  "hourly_rate_minor" integer NOT NULL,
  "price_usd" double precision,
  "rating" numeric(2, 1),
  "review_count" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "gender_id" uuid,
  "language_ids" uuid[] NOT NULL,
  "service_type_ids" uuid[] NOT NULL,
  "service_kind_ids" uuid[] NOT NULL,
  "verified" boolean NOT NULL,
  "certificated" boolean NOT NULL,
  "name" text,
  "surname" text,
  "profile_picture_key" text,
  "cover_id" uuid,
  -- [{code, names, level_key}], primary first, then by level and the language's position.
  "languages" jsonb NOT NULL
);--> statement-breakpoint
-- Rebuilds the rows of `ids` from the source tables: public guides are written (only when
-- something differs), the others removed. Rows are locked in id order, so concurrent
-- statements never deadlock on them.
CREATE OR REPLACE FUNCTION search_guides_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_guides s
   USING unnest(ids) AS x(id)
   WHERE s.id = x.id
     AND NOT EXISTS (SELECT 1 FROM guides g WHERE g.id = s.id AND g.status = 'approved' AND g.is_active
                       AND g.hourly_rate_minor IS NOT NULL);
  INSERT INTO search_guides AS s (id, user_id, city_id, country_id, timezone, currency, hourly_rate_minor, price_usd,
                                  rating, review_count, created_at, gender_id, language_ids, service_type_ids,
                                  service_kind_ids, verified, certificated, name, surname, profile_picture_key,
                                  cover_id, languages)
  SELECT g.id, g.user_id, g.city_id, g.country_id, g.timezone, g.currency, g.hourly_rate_minor, g.search_price_usd,
         g.rating, g.review_count, g.created_at, g.search_gender_id, g.search_language_ids, g.search_service_type_ids,
         coalesce((SELECT array_agg(k.service_kind_id ORDER BY k.service_kind_id) FROM guide_service_kinds k
                    WHERE k.guide_id = g.id), '{}'::uuid[]),
         g.verified, g.certificated, u.name, u.surname, u.profile_picture_key,
         (SELECT f.id FROM guide_files f WHERE f.guide_id = g.id AND f.kind = 'photo'
           ORDER BY f.is_cover DESC, f.position ASC, f.created_at ASC LIMIT 1),
         coalesce((SELECT jsonb_agg(jsonb_build_object('code', l.code, 'names', l.names, 'level_key', ll.key)
                                    ORDER BY gl.is_primary DESC, ll.rank ASC, l.position ASC)
                     FROM guide_languages gl
                     JOIN languages l ON l.id = gl.language_id
                     JOIN language_levels ll ON ll.id = gl.level_id
                    WHERE gl.guide_id = g.id), '[]'::jsonb)
    FROM (SELECT DISTINCT id FROM unnest(ids) AS x(id)) x
    JOIN guides g ON g.id = x.id
    JOIN users u ON u.id = g.user_id
   WHERE g.status = 'approved' AND g.is_active AND g.hourly_rate_minor IS NOT NULL
   ORDER BY g.id
  ON CONFLICT (id) DO UPDATE SET
    user_id = excluded.user_id, city_id = excluded.city_id, country_id = excluded.country_id,
    timezone = excluded.timezone, currency = excluded.currency, hourly_rate_minor = excluded.hourly_rate_minor,
    price_usd = excluded.price_usd, rating = excluded.rating, review_count = excluded.review_count,
    created_at = excluded.created_at, gender_id = excluded.gender_id, language_ids = excluded.language_ids,
    service_type_ids = excluded.service_type_ids, service_kind_ids = excluded.service_kind_ids,
    verified = excluded.verified, certificated = excluded.certificated, name = excluded.name,
    surname = excluded.surname, profile_picture_key = excluded.profile_picture_key, cover_id = excluded.cover_id,
    languages = excluded.languages
  WHERE (s.*) IS DISTINCT FROM (excluded.*);
END $$;--> statement-breakpoint
-- Guides: every column a row holds is on the guide (the price, gender, language and
-- service-type columns of earlier migrations are set on it by its own triggers, and the
-- language, service-type, gender and rate triggers update it), so an insert or update of
-- guides rebuilds the rows it touched. Deleted guides go by the foreign key.
CREATE OR REPLACE FUNCTION search_guides_from_guides() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_guides_refresh(ARRAY(SELECT id FROM changed_new));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_guides_insert AFTER INSERT ON "guides"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guides();--> statement-breakpoint
CREATE TRIGGER guides_search_guides_update AFTER UPDATE ON "guides"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guides();--> statement-breakpoint
-- Tables keyed by guide: the guides of the rows written (old and new).
CREATE OR REPLACE FUNCTION search_guides_from_guide_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_guides_refresh(ARRAY(SELECT DISTINCT guide_id FROM changed_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_guides_refresh(ARRAY(SELECT DISTINCT guide_id FROM changed_old));
  ELSE
    PERFORM search_guides_refresh(ARRAY(SELECT guide_id FROM changed_new UNION SELECT guide_id FROM changed_old));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guide_service_kinds_search_guides_insert AFTER INSERT ON "guide_service_kinds"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_service_kinds_search_guides_update AFTER UPDATE ON "guide_service_kinds"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_service_kinds_search_guides_delete AFTER DELETE ON "guide_service_kinds"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_files_search_guides_insert AFTER INSERT ON "guide_files"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_files_search_guides_update AFTER UPDATE ON "guide_files"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_files_search_guides_delete AFTER DELETE ON "guide_files"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
-- The card's languages hold the level and the primary flag, which the guide's language
-- array does not.
CREATE TRIGGER guide_languages_search_guides_insert AFTER INSERT ON "guide_languages"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_languages_search_guides_update AFTER UPDATE ON "guide_languages"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
CREATE TRIGGER guide_languages_search_guides_delete AFTER DELETE ON "guide_languages"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_guide_rows();--> statement-breakpoint
-- Users: what the card shows of the person (the gender reaches the guide row by its own trigger).
CREATE OR REPLACE FUNCTION search_guides_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Users are updated on every sign-in: only a change of what the card shows counts.
  PERFORM search_guides_refresh(ARRAY(
    SELECT g.id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN guides g ON g.user_id = n.id
     WHERE (n.name, n.surname, n.profile_picture_key) IS DISTINCT FROM (o.name, o.surname, o.profile_picture_key)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_guides AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_users();--> statement-breakpoint
-- Names of languages and levels (reference data, changed by hand if ever): every row.
CREATE OR REPLACE FUNCTION search_guides_rebuild_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_guides_refresh(ARRAY(SELECT id FROM search_guides));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER languages_search_guides AFTER UPDATE ON "languages"
  FOR EACH STATEMENT EXECUTE FUNCTION search_guides_rebuild_all();--> statement-breakpoint
CREATE TRIGGER language_levels_search_guides AFTER UPDATE ON "language_levels"
  FOR EACH STATEMENT EXECUTE FUNCTION search_guides_rebuild_all();--> statement-breakpoint
-- A guide leaving search (no longer public, or deleted) is announced on a channel of its
-- own: answers kept with bounded staleness are dropped at once on it (docs/decisions/012).
CREATE OR REPLACE FUNCTION search_visibility_lost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for statements that deleted nothing too (every refresh runs one).
  IF EXISTS (SELECT 1 FROM gone) THEN
    PERFORM pg_notify('search_visibility', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_guides_visibility AFTER DELETE ON "search_guides"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_visibility_lost();--> statement-breakpoint
SELECT search_guides_refresh(ARRAY(SELECT id FROM guides));--> statement-breakpoint
-- One index per sort, alone and after each location, in the exact order (and null
-- placement) of the search query, so a page reads the first matches and stops.
CREATE INDEX "search_guides_rating" ON "search_guides" ("rating" DESC NULLS LAST, "review_count" DESC, "id");--> statement-breakpoint
CREATE INDEX "search_guides_reviews" ON "search_guides" ("review_count" DESC, "rating" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "search_guides_newest" ON "search_guides" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "search_guides_price" ON "search_guides" ("price_usd", "id");--> statement-breakpoint
CREATE INDEX "search_guides_city_rating" ON "search_guides" ("city_id", "rating" DESC NULLS LAST, "review_count" DESC, "id");--> statement-breakpoint
CREATE INDEX "search_guides_city_reviews" ON "search_guides" ("city_id", "review_count" DESC, "rating" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "search_guides_city_newest" ON "search_guides" ("city_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "search_guides_city_price" ON "search_guides" ("city_id", "price_usd", "id");--> statement-breakpoint
CREATE INDEX "search_guides_country_rating" ON "search_guides" ("country_id", "rating" DESC NULLS LAST, "review_count" DESC, "id");--> statement-breakpoint
CREATE INDEX "search_guides_country_reviews" ON "search_guides" ("country_id", "review_count" DESC, "rating" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "search_guides_country_newest" ON "search_guides" ("country_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "search_guides_country_price" ON "search_guides" ("country_id", "price_usd", "id");--> statement-breakpoint
CREATE INDEX "search_guides_languages" ON "search_guides" USING gin ("language_ids");--> statement-breakpoint
CREATE INDEX "search_guides_service_types" ON "search_guides" USING gin ("service_type_ids");--> statement-breakpoint
CREATE INDEX "search_guides_service_kinds" ON "search_guides" USING gin ("service_kind_ids");--> statement-breakpoint
-- Search no longer reads guides for its filters and sorts: their indexes would only slow
-- every write of a guide.
DROP INDEX IF EXISTS "guides_search_rating";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_reviews";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_newest";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_price";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_city_rating";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_city_reviews";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_city_newest";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_city_price";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_country_rating";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_country_reviews";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_country_newest";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_country_price";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_languages";--> statement-breakpoint
DROP INDEX IF EXISTS "guides_search_service_types";
