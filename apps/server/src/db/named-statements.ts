import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
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
 * A value written into an EXECUTE as a string literal, which PostgreSQL reads with the input
 * function of the parameter's type, as it reads a value bound in the extended protocol (where
 * every value travels as text). An escape string with its quotes and backslashes doubled reads
 * back as the value whatever `standard_conforming_strings` says. Undefined for a value that
 * would not travel as plain text (an object, an array, a date): such a query runs unnamed.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (typeof value === 'string') return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  return undefined;
}

/** The names prepared in each PGlite engine, settled once its PREPARE has run. */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * `query` as a prepared statement of the PGlite engine in this process, which its driver
 * would otherwise parse and plan on every call: PREPARE once, then EXECUTE with the values
 * written as literals. Parsing and planning run inside WebAssembly there: a guide search's page
 * took 4.4–5.3 ms unnamed and 3.1–4.1 ms prepared on the demo marketplace (docs/decisions/015).
 * Undefined when the query cannot run so (no name left, a value that is not plain text).
 */
async function executePrepared<T>(db: Db, client: PGlite, text: string, params: unknown[]): Promise<T[] | undefined> {
  const name = nameOf(text);
  const literals = params.map(literalOf);
  if (!name || literals.some((literal) => literal === undefined)) return undefined;
  let prepared = preparedIn.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedIn.set(client, prepared);
  }
  let ready = prepared.get(name);
  if (!ready) {
    // Kept before it settles: a second caller waits for this PREPARE instead of repeating it.
    // (Drizzle's query runs again each time it is awaited; this promise runs it once.)
    ready = (async () => db.execute(sql.raw(`prepare ${name} as ${text}`)))();
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  const execute = literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`;
  return (await db.execute(sql.raw(execute))).rows as T[];
}

/**
 * `db.execute(query)`'s rows, as a named prepared statement: PostgreSQL parses and plans the
 * text once per connection instead of on every call (for a guide search page on 100,000
 * guides, planning cost as much as running it: docs/decisions/012), and after five runs keeps
 * a generic plan when that costs no more than the plans made for the values. On PGlite, one
 * PREPARE per engine and EXECUTE after (executePrepared).
 */
export async function executeNamed<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  // A transaction's handle holds no engine: on PGlite its statements run unnamed below.
  const engine = (db as Db & { $client?: unknown }).$client;
  if (engine instanceof PGlite) {
    return (await executePrepared<T>(db, engine, built.sql, built.params)) ?? ((await db.execute(query)).rows as T[]);
  }
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
