-- Guide search (issue 5): every write that advances search_generation also notifies the
-- channel of the same name when (and only if) its transaction commits. A server on
-- PostgreSQL listens on it and moves its own generation on, so a search whose answer is kept
-- needs no round trip to the database (docs/decisions/007). Within one transaction the
-- notifications collapse into one (same channel, same payload).
CREATE OR REPLACE FUNCTION search_generation_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_generation');
  PERFORM pg_notify('search_generation', '');
  RETURN NULL;
END $$;
