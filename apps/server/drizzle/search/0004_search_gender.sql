-- Guide search (issue 5): the guide's gender (users.gender_id) copied onto the guide row,
-- kept by triggers on both tables, so the gender filter is a test on the row instead of a
-- join through every user.
ALTER TABLE "guides" ADD COLUMN IF NOT EXISTS "search_gender_id" uuid;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_guide_gender() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_gender_id := (SELECT u.gender_id FROM users u WHERE u.id = NEW.user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER guides_search_gender BEFORE INSERT OR UPDATE OF user_id ON "guides"
  FOR EACH ROW EXECUTE FUNCTION search_guide_gender();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_user_gender_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guides g SET search_gender_id = n.gender_id
    FROM changed_new n
   WHERE g.user_id = n.id AND g.search_gender_id IS DISTINCT FROM n.gender_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_gender AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_user_gender_changed();--> statement-breakpoint
UPDATE "guides" g SET search_gender_id = u.gender_id FROM users u WHERE u.id = g.user_id;
