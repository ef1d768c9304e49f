-- Extensions later migrations rely on: trigram search over places and guides, and
-- btree_gist for the EXCLUDE constraint that forbids overlapping reservations.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
