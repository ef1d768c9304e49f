-- Guide search (issue 5): top rated and most reviewed over every public guide, in the
-- exact order (and null placement) of the search query, so a page is an index range scan.
CREATE INDEX IF NOT EXISTS "guides_search_rating" ON "guides" ("rating" DESC NULLS LAST, "review_count" DESC, "id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guides_search_reviews" ON "guides" ("review_count" DESC, "rating" DESC NULLS LAST, "id") WHERE status = 'approved' and is_active;
