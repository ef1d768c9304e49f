import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Distinct statement texts this process names, at most. Each PostgreSQL connection that runs a
 * named text keeps it prepared for as long as it lives, plan and all: bounded, so a connection
 * holds at most this many, whatever mix of filters visitors search with (a search's text varies
 * with which filters are present, a date range's length, the sort and the reader's language, not
 * with their values: search-explain.test.ts). Texts past the bound run unnamed, as before.
 */
export const NAMED_TEXTS_MAX = 64;

const dialect = new PgDialect();
const names = new Map<string, string>();

/** The name a text runs under, or undefined once NAMED_TEXTS_MAX others have names. */
export function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_TEXTS_MAX) {
    name = `marco_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)`'s rows, as a named prepared statement: PostgreSQL parses and plans the
 * text once per connection instead of on every call (for a guide search page on 100,000
 * guides, planning cost as much as running it: docs/decisions/012), and after five runs keeps
 * a generic plan when that costs no more than the plans made for the values. PGlite's driver
 * runs every statement unnamed, as `db.execute` does.
 */
export async function executeNamed<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
