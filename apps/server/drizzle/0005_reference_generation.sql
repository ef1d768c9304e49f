-- Reference lists served from memory (issue 14): every statement that writes a reference
-- table notifies the channel `reference_generation` when its transaction commits. Each server
-- listens and keeps the lists it serves until the next notification, as guide search does with
-- `search_generation` (docs/decisions/007), but on a channel of its own, so the writes a live
-- marketplace makes all day (schedules, reservations, reviews) never drop them.
CREATE OR REPLACE FUNCTION reference_generation_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reference_generation', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER languages_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER language_levels_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "language_levels"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER genders_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genders"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER currencies_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currencies"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER currency_rates_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER verification_types_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "verification_types"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER service_kinds_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_kinds"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER service_types_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_types"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER countries_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER states_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "states"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER cities_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();--> statement-breakpoint
CREATE TRIGGER onboarding_content_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "onboarding_content"
  FOR EACH STATEMENT EXECUTE FUNCTION reference_generation_advance();
