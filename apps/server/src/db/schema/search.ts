/*
 * The `search` migration set (issue 5, docs/decisions/003): raw SQL migrations only
 * (drizzle/search/), so it declares no Drizzle table. They add what guide search
 * precomputes, kept current by triggers: columns on `guides` (search_price_usd,
 * search_language_ids, search_service_type_ids, search_gender_id), the tables
 * guide_search_availability (see modules/search/availability-index.ts) and
 * guide_search_counts, and one partial index per sort and location. The EXPLAIN test of
 * modules/search guards the indexes; search-index.test.ts the triggers.
 */
export {};
