/*
 * The `search` migration set (issue 5, docs/decisions/003): it owns no table. Its custom SQL
 * migrations (drizzle/search/) add the indexes guide search needs on the guides tables,
 * for the sorts the `guides` set's partial indexes do not cover (top rated, most reviewed
 * over every public guide). The EXPLAIN test of modules/search guards them.
 */
export {};
