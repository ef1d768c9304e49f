-- Guides' answers to reservation requests (issue 19 item 3, docs/decisions/022).
--
-- What counts, over the requests made in the 90 days before a moment `at`: a request answered
-- (approved or rejected) within 24 hours counts as answered in time; a request left 24 hours
-- without an answer (still pending, expired, answered late, or withdrawn after 24 hours)
-- counts as not; a request younger than 24 hours and unanswered, or withdrawn by the
-- traveller within 24 hours, does not count yet. The rate and the median time to an answer
-- are shown from 5 counted requests on (RESPONSE_MIN_REQUESTS); below that they are null.
CREATE OR REPLACE FUNCTION reservation_answer_outcome(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'pending' THEN NULL WHEN 'expired' THEN 'expired' WHEN 'cancelled' THEN 'withdrawn'
                     ELSE 'answered' END
$$;--> statement-breakpoint
-- Rebuilds the stats of `ids` as of `at`; rows are written only when something differs, so
-- the triggers below (search read model, search generation) fire only for real changes.
CREATE OR REPLACE FUNCTION guide_response_refresh(ids uuid[], at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_response_stats AS s (guide_id, requests, answered_in_time, rate, median_seconds, computed_at)
  SELECT x.id, w.requests, w.in_time,
         CASE WHEN w.requests >= 5 THEN round(100.0 * w.in_time / w.requests)::smallint END,
         CASE WHEN w.requests >= 5 THEN round(w.median)::integer END,
         at
    FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id)) x
    JOIN guides g ON g.id = x.id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE r.in_time OR r.waited > interval '24 hours')::integer AS requests,
             count(*) FILTER (WHERE r.in_time)::integer AS in_time,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.waited))
               FILTER (WHERE r.outcome = 'answered') AS median
        FROM (SELECT a.outcome, coalesce(a.closed_at, at) - a.requested_at AS waited,
                     a.outcome = 'answered' AND a.closed_at - a.requested_at <= interval '24 hours' AS in_time
                FROM reservation_answers a
               WHERE a.guide_id = x.id AND a.requested_at > at - interval '90 days' AND a.requested_at <= at) r
    ) w
   ORDER BY x.id
  ON CONFLICT (guide_id) DO UPDATE SET
    requests = excluded.requests, answered_in_time = excluded.answered_in_time, rate = excluded.rate,
    median_seconds = excluded.median_seconds, computed_at = excluded.computed_at
  WHERE (s.requests, s.answered_in_time, s.rate, s.median_seconds)
        IS DISTINCT FROM (excluded.requests, excluded.answered_in_time, excluded.rate, excluded.median_seconds);
END $$;--> statement-breakpoint
-- New requests. A reservation written with a later status (the demo seed's past tours) has
-- no time of answer to go by, and does not count.
CREATE OR REPLACE FUNCTION reservation_answers_from_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reservation_answers (reservation_id, guide_id, requested_at)
  SELECT n.id, n.guide_id, n.created_at FROM changed_new n WHERE n.status = 'pending' ORDER BY n.id
  ON CONFLICT (reservation_id) DO NOTHING;
  -- A new request changes nothing for 24 hours: the periodic job counts it then.
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reservations_answers_insert AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION reservation_answers_from_inserts();--> statement-breakpoint
-- A request leaving "pending": answered, expired or withdrawn at the reservation's updated_at
-- (the application's clock, as every transition writes it).
CREATE OR REPLACE FUNCTION reservation_answers_from_updates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  at timestamptz;
BEGIN
  WITH closed AS (
    UPDATE reservation_answers a
       SET closed_at = n.updated_at, outcome = reservation_answer_outcome(n.status)
      FROM changed_new n
      JOIN changed_old o ON o.id = n.id
     WHERE a.reservation_id = n.id AND o.status = 'pending' AND n.status <> 'pending' AND a.outcome IS NULL
    RETURNING a.guide_id, a.closed_at
  )
  SELECT array_agg(DISTINCT guide_id), max(closed_at) INTO ids, at FROM closed;
  IF ids IS NOT NULL THEN
    PERFORM guide_response_refresh(ids, at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reservations_answers_update AFTER UPDATE ON "reservations"
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION reservation_answers_from_updates();--> statement-breakpoint
-- The search read model carries the rate and the median (null below 5 requests), for the
-- card and the "responds fastest" sort.
ALTER TABLE "search_guides" ADD COLUMN IF NOT EXISTS "response_rate" smallint;--> statement-breakpoint
ALTER TABLE "search_guides" ADD COLUMN IF NOT EXISTS "response_median_seconds" integer;--> statement-breakpoint
-- search/0007's function with the two columns: this set comes after reservations, which the
-- search set precedes, so the columns and their source live here.
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
                                  cover_id, languages, response_rate, response_median_seconds)
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
                    WHERE gl.guide_id = g.id), '[]'::jsonb),
         st.rate, st.median_seconds
    FROM (SELECT DISTINCT id FROM unnest(ids) AS x(id)) x
    JOIN guides g ON g.id = x.id
    JOIN users u ON u.id = g.user_id
    LEFT JOIN guide_response_stats st ON st.guide_id = g.id
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
    languages = excluded.languages, response_rate = excluded.response_rate,
    response_median_seconds = excluded.response_median_seconds
  WHERE (s.*) IS DISTINCT FROM (excluded.*);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_guides_from_response_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An INSERT … ON CONFLICT fires both statement triggers, whether or not it wrote a row.
  IF EXISTS (SELECT 1 FROM changed_new) THEN
    PERFORM search_guides_refresh(ARRAY(SELECT guide_id FROM changed_new));
    -- Search answers kept in memory depend on the figures (search/0006).
    PERFORM pg_notify('search_generation', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guide_response_stats_insert AFTER INSERT ON "guide_response_stats"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_response_stats();--> statement-breakpoint
CREATE TRIGGER guide_response_stats_update AFTER UPDATE ON "guide_response_stats"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_guides_from_response_stats();--> statement-breakpoint
-- The requests already made whose answer time is known: pending ones, and those whose last
-- change was the answer or the expiry (approved, rejected, expired). Later statuses lost the
-- time of the answer and do not count.
INSERT INTO reservation_answers (reservation_id, guide_id, requested_at, closed_at, outcome)
SELECT r.id, r.guide_id, r.created_at, CASE WHEN r.status = 'pending' THEN NULL ELSE r.updated_at END,
       reservation_answer_outcome(r.status)
  FROM reservations r
 WHERE r.status IN ('pending', 'approved', 'rejected', 'expired')
ON CONFLICT (reservation_id) DO NOTHING;--> statement-breakpoint
SELECT guide_response_refresh(ARRAY(SELECT DISTINCT guide_id FROM reservation_answers), now());--> statement-breakpoint
-- The periodic job's guides: those with requests in the window (by time across guides).
CREATE INDEX "reservation_answers_requested" ON "reservation_answers" ("requested_at");--> statement-breakpoint
-- "Responds fastest": alone and after each location, in the search query's exact order.
CREATE INDEX "search_guides_response" ON "search_guides" ("response_median_seconds" ASC NULLS LAST, "response_rate" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "search_guides_city_response" ON "search_guides" ("city_id", "response_median_seconds" ASC NULLS LAST, "response_rate" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "search_guides_country_response" ON "search_guides" ("country_id", "response_median_seconds" ASC NULLS LAST, "response_rate" DESC NULLS LAST, "id");
