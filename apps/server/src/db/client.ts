import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { boundNamedStatements } from './named-statements.js';
import * as schema from './schema/index.js';

/**
 * Both drivers expose the same Drizzle query API; the code is written against the
 * node-postgres type so one signature serves PGlite and PostgreSQL alike.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  /** The read replica (DATABASE_READ_URL), when there is one; `db` serves reads otherwise. */
  readDb?: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, btree_gist };

/** Opens PGlite in `dataDir` (created when missing), or in memory when dataDir is 'memory://'. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  // PGlite drops extensions passed with an undefined dataDir: always pass it as an option.
  const client = await PGlite.create({
    ...(dataDir === 'memory://' ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: pgliteExtensions,
    // PostgreSQL's default 128 MB buffer pool lives inside the WASM heap and counts fully
    // towards the process's memory; the embedded database is small, 16 MB is plenty.
    postgresqlconf: ['shared_buffers=16MB'],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close() };
}

const CONNECT_TIMEOUT_MS = 5000;

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  // A database that does not answer must not hold a request for ever: after this long the
  // query fails, and the request answers 503 (platform/errors.ts).
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its connection (a database restart) must not crash the process:
  // the pool drops the client and the next query opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL pool: idle client error: ${error.message}`));
  // A client lost while checked out (inside a transaction, between two statements) emits
  // `error` too, where the pool has no listener, and an unheard `error` ends the process.
  // Each connection keeps a bounded number of named statements (named-statements.ts).
  pool.on('connect', (client) => {
    client.on('error', () => {});
    boundNamedStatements(client);
  });
  releaseLostClients(pool);
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema });
  return { db, engine: 'postgres', close: () => pool.end() };
}

/**
 * A checked-out client whose connection is lost goes back to the pool (which drops it) at
 * once, and a later `release()` of it is a no-op. Drizzle's `transaction` sends BEGIN before
 * its try/finally: a connection lost then was never released, and each database restart
 * under load took clients from the pool for good, until every request waited for one.
 */
function releaseLostClients(pool: pg.Pool) {
  type Release = (error?: Error | boolean) => void;
  const guard = (client: pg.PoolClient): Release => {
    const release: Release = client.release.bind(client);
    let released = false;
    const releaseOnce: Release = (error) => {
      if (released) return;
      released = true;
      client.removeListener('error', releaseOnce);
      release(error);
    };
    client.on('error', releaseOnce);
    client.release = releaseOnce;
    return releaseOnce;
  };
  const connect = pool.connect.bind(pool) as (
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ) => void;
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: Release) => void) => {
    const connected = new Promise<pg.PoolClient>((resolve, reject) =>
      connect((error, client, done) => {
        if (error || !client) {
          if (callback) callback(error, undefined, done);
          reject(error);
          return;
        }
        const release = guard(client);
        if (callback) callback(undefined, client, release);
        resolve(client);
      }),
    );
    if (!callback) return connected;
    connected.catch(() => {});
  }) as typeof pool.connect;
}

/** What runs `db`'s queries: a node-postgres pool, or the PGlite engine in this process. */
export function driverOf(db: Db): { engine: 'postgres'; pool: pg.Pool } | { engine: 'pglite'; client: PGlite } {
  const client = (db as Db & { $client: pg.Pool | PGlite }).$client;
  return client instanceof pg.Pool ? { engine: 'postgres', pool: client } : { engine: 'pglite', client };
}

export async function openDatabase(config: {
  DATABASE_URL?: string;
  DATABASE_READ_URL?: string;
  DATA_DIR: string;
}): Promise<Database> {
  if (!config.DATABASE_URL) return openPglite(config.DATA_DIR);
  const primary = await openPostgres(config.DATABASE_URL);
  if (!config.DATABASE_READ_URL) return primary;
  return withReplica(primary, config.DATABASE_READ_URL);
}

/** `primary` with a pool of its own to the replica at `readUrl`; closing closes both. */
export async function withReplica(primary: Database, readUrl: string, max?: number): Promise<Database> {
  let replica: Database;
  try {
    replica = await openPostgres(readUrl, max);
  } catch (error) {
    await primary.close();
    throw error;
  }
  return {
    ...primary,
    readDb: replica.db,
    close: async () => {
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}
