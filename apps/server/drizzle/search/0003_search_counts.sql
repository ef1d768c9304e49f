-- Guide search (issue 5): the number of public guides (approved, active, with a rate) in
-- all, per city and per country, kept by triggers on guides, so a search filtered by
-- location only (the landing of /guides) reads its total instead of counting every match.
-- place_id: a city id, a country id, or the nil UUID for all guides.
CREATE TABLE IF NOT EXISTS "guide_search_counts" (
  "place_id" uuid PRIMARY KEY NOT NULL,
  "total" integer NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Counters are locked in place_id order, so concurrent statements never deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO guide_search_counts AS c (place_id, total)
    SELECT place_id, sum(delta) FROM (
      SELECT unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid, n.city_id, n.country_id]) AS place_id, 1 AS delta
        FROM changed_new n WHERE n.status = 'approved' AND n.is_active AND n.hourly_rate_minor IS NOT NULL
    ) d WHERE place_id IS NOT NULL GROUP BY place_id HAVING sum(delta) <> 0 ORDER BY place_id
    ON CONFLICT (place_id) DO UPDATE SET total = c.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO guide_search_counts AS c (place_id, total)
    SELECT place_id, sum(delta) FROM (
      SELECT unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid, o.city_id, o.country_id]) AS place_id, -1 AS delta
        FROM changed_old o WHERE o.status = 'approved' AND o.is_active AND o.hourly_rate_minor IS NOT NULL
    ) d WHERE place_id IS NOT NULL GROUP BY place_id HAVING sum(delta) <> 0 ORDER BY place_id
    ON CONFLICT (place_id) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    INSERT INTO guide_search_counts AS c (place_id, total)
    SELECT place_id, sum(delta) FROM (
      SELECT unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid, n.city_id, n.country_id]) AS place_id, 1 AS delta
        FROM changed_new n WHERE n.status = 'approved' AND n.is_active AND n.hourly_rate_minor IS NOT NULL
      UNION ALL
      SELECT unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid, o.city_id, o.country_id]), -1
        FROM changed_old o WHERE o.status = 'approved' AND o.is_active AND o.hourly_rate_minor IS NOT NULL
    ) d WHERE place_id IS NOT NULL GROUP BY place_id HAVING sum(delta) <> 0 ORDER BY place_id
    ON CONFLICT (place_id) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_counts_insert AFTER INSERT ON "guides"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_counts_changed();--> statement-breakpoint
CREATE TRIGGER guides_search_counts_update AFTER UPDATE ON "guides"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_counts_changed();--> statement-breakpoint
CREATE TRIGGER guides_search_counts_delete AFTER DELETE ON "guides"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_counts_changed();--> statement-breakpoint
INSERT INTO guide_search_counts (place_id, total)
SELECT place_id, count(*) FROM (
  SELECT unnest(ARRAY['00000000-0000-0000-0000-000000000000'::uuid, g.city_id, g.country_id]) AS place_id
    FROM guides g WHERE g.status = 'approved' AND g.is_active AND g.hourly_rate_minor IS NOT NULL
) d WHERE place_id IS NOT NULL GROUP BY place_id
ON CONFLICT (place_id) DO UPDATE SET total = excluded.total;
