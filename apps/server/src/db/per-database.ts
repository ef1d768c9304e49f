import type { Db } from './client.js';

/**
 * One of something per database, made on first use: a statement that Drizzle builds once
 * and ends with `.prepare(name)`, taking `sql.placeholder` for what changes per call
 * (PostgreSQL then parses and plans it once per connection), or a loader that batches the
 * calls of one turn of the event loop. For the statements that every signed-in request or
 * every chat message runs, building them again on each call was a tenth of the server's
 * CPU (decision 017).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (!value) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * DataLoader options for a batch of the calls of one turn of the event loop: scheduled with
 * `setImmediate`, so the requests read in one poll phase share it (DataLoader's default,
 * the next tick, gathers only the calls of one request), and nothing kept between batches.
 */
export const batchedPerTurn = {
  cache: false,
  batchScheduleFn: (run: () => void) => setImmediate(run),
  maxBatchSize: 200,
} as const;
