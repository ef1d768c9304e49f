import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.js';
import { sqlStateOf } from './sql-errors.js';

/**
 * Named texts a connection keeps prepared, at most: the ones it ran most recently. Each keeps
 * its plan in the PostgreSQL backend for as long as it is prepared, so a connection holds a
 * bounded number whatever mix of filters visitors search with; the least recently run one is
 * deallocated to make room for a new one (a search's text varies with which filters are
 * present, a date range's length, the sort, the reader's language and the languages asked for,
 * not with the other values: search-explain.test.ts).
 */
export const NAMED_PER_CONNECTION = 64;

/** Texts whose names this process remembers; a name is its text's hash, so one forgotten is made again. */
const NAMES_KEPT = 1000;

const dialect = new PgDialect();
const names = new Map<string, string>();

/** The name `text` runs under. */
export function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `marco_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value as string);
    names.set(text, name);
  }
  return name;
}

/**
 * The names one connection keeps prepared, least recently run first: `use` notes a run and
 * says which name, if any, no longer fits and must be deallocated.
 */
export class RecentNames {
  readonly #names = new Set<string>();

  constructor(readonly max: number) {}

  use(name: string): string | undefined {
    if (this.#names.delete(name)) {
      this.#names.add(name);
      return undefined;
    }
    this.#names.add(name);
    if (this.#names.size <= this.max) return undefined;
    const oldest = this.#names.values().next().value as string;
    this.#names.delete(oldest);
    return oldest;
  }
}

/** What node-postgres keeps of the statements a connection parsed (its `Connection`). */
interface StatementRecords {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/**
 * Keeps at most NAMED_PER_CONNECTION named statements prepared on `client` (a pool's client,
 * as it connects): a named query that does not fit deallocates the least recently run one
 * first, on the same connection and before it. node-postgres remembers what it parsed per
 * connection and parses a name again only when it is forgotten there, so the evicted name is
 * forgotten at once (a later query parses it anew) and again when its DEALLOCATE completes
 * (its callback runs before the next query is submitted), in case a parse of it queued earlier
 * completed meanwhile.
 */
export function boundNamedStatements(client: pg.ClientBase): void {
  const recent = new RecentNames(NAMED_PER_CONNECTION);
  const records = (client as unknown as { connection: StatementRecords }).connection;
  const forget = (name: string) => {
    delete records.parsedStatements[name];
    delete records.submittedNamedStatements[name];
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const name = typeof config === 'object' && config !== null ? (config as { name?: unknown }).name : undefined;
    const evicted = typeof name === 'string' ? recent.use(name) : undefined;
    if (evicted !== undefined) {
      const prepared =
        records.parsedStatements[evicted] !== undefined || records.submittedNamedStatements[evicted] !== undefined;
      forget(evicted);
      // Only a name PostgreSQL holds: a failed DEALLOCATE would abort the transaction it ran in.
      if (prepared) {
        query(`deallocate ${evicted}`, () => forget(evicted));
      }
    }
    return query(...args);
  };
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

/** A prepared statement named so does not exist (26000), or exists already (42P05). */
const STATEMENT_OUT_OF_STEP = new Set(['26000', '42P05']);

/** What one PGlite engine keeps prepared: each name's PREPARE (settled once it ran), and how recently each ran. */
interface EnginePrepared {
  ready: Map<string, Promise<unknown>>;
  recent: RecentNames;
}
const preparedIn = new WeakMap<PGlite, EnginePrepared>();

/**
 * `query` as a prepared statement of the PGlite engine in this process, which its driver
 * would otherwise parse and plan on every call: PREPARE once, then EXECUTE with the values
 * written as literals, at most NAMED_PER_CONNECTION names kept (the least recently run one is
 * deallocated). Parsing and planning run inside WebAssembly there: a guide search's page took
 * 4.4–5.3 ms unnamed and 3.1–4.1 ms prepared on the demo marketplace (docs/decisions/015).
 * Undefined when the query cannot run so (a value that is not plain text). Callers interleave
 * on the engine, so a name may be deallocated between another caller's PREPARE and EXECUTE, or
 * prepared again before its DEALLOCATE ran: such a run forgets the name and is answered
 * unnamed, and the next run prepares it again.
 */
async function executePrepared<T>(db: Db, client: PGlite, text: string, params: unknown[]): Promise<T[] | undefined> {
  const literals = params.map(literalOf);
  if (literals.some((literal) => literal === undefined)) return undefined;
  const name = nameOf(text);
  let engine = preparedIn.get(client);
  if (!engine) {
    engine = { ready: new Map(), recent: new RecentNames(NAMED_PER_CONNECTION) };
    preparedIn.set(client, engine);
  }
  const { ready, recent } = engine;
  const evicted = recent.use(name);
  if (evicted !== undefined) {
    const prepared = ready.get(evicted);
    ready.delete(evicted);
    prepared?.then(() => db.execute(sql.raw(`deallocate ${evicted}`))).catch(() => {});
  }
  let preparing = ready.get(name);
  if (!preparing) {
    // Kept before it settles: a second caller waits for this PREPARE instead of repeating it.
    // (Drizzle's query runs again each time it is awaited; this promise runs it once.)
    const started = (async () => db.execute(sql.raw(`prepare ${name} as ${text}`)))();
    preparing = started;
    ready.set(name, started);
    started.catch(() => {
      if (ready.get(name) === started) ready.delete(name);
    });
  }
  const execute = literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`;
  try {
    await preparing;
    return (await db.execute(sql.raw(execute))).rows as T[];
  } catch (error) {
    if (!STATEMENT_OUT_OF_STEP.has(sqlStateOf(error) ?? '')) throw error;
    if (ready.get(name) === preparing) ready.delete(name);
    return undefined;
  }
}

/**
 * `db.execute(query)`'s rows, as a named prepared statement: PostgreSQL parses and plans the
 * text once per connection instead of on every call (for a guide search page on 100,000
 * guides, planning cost as much as running it: docs/decisions/012), and after five runs keeps
 * a generic plan when that costs no more than the plans made for the values. A pool's
 * connection keeps at most NAMED_PER_CONNECTION of them (boundNamedStatements); on PGlite, one
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
