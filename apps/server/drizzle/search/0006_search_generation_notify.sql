-- Guide search (issue 5): every statement that writes what search reads now notifies the
-- channel `search_generation` instead of advancing a sequence. The notification is sent
-- when (and only if) its transaction commits, once per transaction (same channel, same
-- payload). Each server listens on the channel and counts its own generation, so a search
-- whose answer is kept needs no query (docs/decisions/007); the sequence had to be read by
-- one query per search, and it advanced before the commit.
CREATE OR REPLACE FUNCTION search_generation_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_generation', '');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "search_generation";
