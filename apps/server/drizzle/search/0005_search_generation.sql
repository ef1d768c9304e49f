-- Guide search (issue 5): a generation number for what search reads. Every statement that
-- writes to these tables advances it, so what is derived from them (a search's answer, the
-- total of a filtered search, the rates and ids of a request's keys) can be kept in memory
-- and is known to be out of date as soon as the data is. Of users, only what a guide card
-- shows (name, picture) counts, so signing in does not empty the caches. A sequence, not a counter row: advancing it takes no
-- lock, so writers never wait on each other for it.
CREATE SEQUENCE IF NOT EXISTS "search_generation";--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_generation_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_generation');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guides"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER guide_languages_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guide_languages"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER guide_service_types_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guide_service_types"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER guide_service_kinds_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guide_service_kinds"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER guide_search_availability_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guide_search_availability"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER currency_rates_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER languages_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER service_types_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_types"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER genders_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genders"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER service_kinds_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_kinds"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER users_search_generation AFTER UPDATE OF name, surname, profile_picture_key OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER guide_files_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guide_files"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER cities_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER countries_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();--> statement-breakpoint
CREATE TRIGGER language_levels_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "language_levels"
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_advance();
