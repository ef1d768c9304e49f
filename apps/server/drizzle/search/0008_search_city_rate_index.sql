-- Guide search, issue 17 (docs/decisions/012, 28 November 2026): the total of a city's search by
-- a language and a maximum price. It was a bitmap of the language's GIN entries (51,000 for
-- English on 100,000 guides) ANDed with the city's rows, then their heap pages: 16 ms. This
-- index holds what that filter reads, so the count of up to 1,001 matches is an index-only
-- scan of the city's entries: 1.5-2 ms.
CREATE INDEX "search_guides_city_rate" ON "search_guides" ("city_id", "currency", "hourly_rate_minor") INCLUDE ("language_ids");
