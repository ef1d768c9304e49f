-- Guide search (issue 5): what a search would otherwise compute per request, kept up to date
-- by the database itself, so every write path (API, demo seeding, factories, bulk SQL) is
-- covered without the guides code knowing about search.
--
-- 1. guides.search_price_usd: the hourly rate in US dollars (hourly_rate_minor / units per
--    USD, float8 exactly as the old per-request expression), for the two price sorts. Set by
--    a trigger on guides and recomputed for a currency when its rate changes.
ALTER TABLE "guides" ADD COLUMN IF NOT EXISTS "search_price_usd" double precision;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_guide_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_price_usd := NEW.hourly_rate_minor::float8 / (
    SELECT r.units_per_usd::float8 FROM currency_rates r JOIN currencies c ON c.id = r.currency_id
     WHERE c.code = NEW.currency);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_price BEFORE INSERT OR UPDATE OF hourly_rate_minor, currency ON "guides"
  FOR EACH ROW EXECUTE FUNCTION search_guide_price();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guides g SET search_price_usd = g.hourly_rate_minor::float8 / NEW.units_per_usd::float8
    FROM currencies c
   WHERE c.id = NEW.currency_id AND g.currency = c.code
     AND g.search_price_usd IS DISTINCT FROM g.hourly_rate_minor::float8 / NEW.units_per_usd::float8;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER currency_rates_search_price AFTER INSERT OR UPDATE OF units_per_usd ON "currency_rates"
  FOR EACH ROW EXECUTE FUNCTION search_rate_changed();--> statement-breakpoint
UPDATE "guides" g SET search_price_usd = g.hourly_rate_minor::float8 / r.units_per_usd::float8
  FROM currency_rates r JOIN currencies c ON c.id = r.currency_id
 WHERE c.code = g.currency;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guides_search_price" ON "guides" ("search_price_usd", "id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guides_search_city_price" ON "guides" ("city_id", "search_price_usd", "id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guides_search_country_price" ON "guides" ("country_id", "search_price_usd", "id") WHERE status = 'approved' and is_active;--> statement-breakpoint
--
-- 2. guide_search_availability: per guide, for the local days first_day, first_day + 1, …
--    (the guide's own time zone), the start of the day's last free hour in minutes since the
--    epoch (0: no free hour), computed by the availability function of the guides module
--    (modules/search/availability-index.ts). A search over dateFrom..dateTo keeps a guide
--    when the greatest of those values in the range is not before now. Any change to the
--    guide's plans, free dates or time zone clears `ends` and bumps `rules_version`; a
--    refresh writes only when the version it read is still current, so it never stores
--    results of rules that changed meanwhile.
CREATE TABLE IF NOT EXISTS "guide_search_availability" (
  "guide_id" uuid PRIMARY KEY NOT NULL REFERENCES "guides"("id") ON DELETE CASCADE,
  "rules_version" integer DEFAULT 0 NOT NULL,
  "first_day" date,
  "ends" integer[],
  "refreshed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guide_search_availability_first_day" ON "guide_search_availability" ("first_day");--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_invalidate_availability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement-level trigger: one upsert for every guide a bulk statement touched. Guides
  -- deleted in the same statement (cascades) are skipped.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO guide_search_availability (guide_id, rules_version)
    SELECT DISTINCT c.guide_id, 1 FROM changed_new c WHERE EXISTS (SELECT 1 FROM guides g WHERE g.id = c.guide_id)
    ON CONFLICT (guide_id) DO UPDATE
      SET rules_version = guide_search_availability.rules_version + 1, ends = NULL, first_day = NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO guide_search_availability (guide_id, rules_version)
    SELECT DISTINCT c.guide_id, 1 FROM changed_old c WHERE EXISTS (SELECT 1 FROM guides g WHERE g.id = c.guide_id)
    ON CONFLICT (guide_id) DO UPDATE
      SET rules_version = guide_search_availability.rules_version + 1, ends = NULL, first_day = NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guide_work_plans_search_insert AFTER INSERT ON "guide_work_plans"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE TRIGGER guide_work_plans_search_update AFTER UPDATE ON "guide_work_plans"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE TRIGGER guide_work_plans_search_delete AFTER DELETE ON "guide_work_plans"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE TRIGGER guide_free_dates_search_insert AFTER INSERT ON "guide_free_dates"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE TRIGGER guide_free_dates_search_update AFTER UPDATE ON "guide_free_dates"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE TRIGGER guide_free_dates_search_delete AFTER DELETE ON "guide_free_dates"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_invalidate_availability();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_search_availability (guide_id, rules_version) VALUES (NEW.id, 1)
  ON CONFLICT (guide_id) DO UPDATE
    SET rules_version = guide_search_availability.rules_version + 1, ends = NULL, first_day = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_timezone AFTER UPDATE OF timezone ON "guides"
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION search_timezone_changed();
