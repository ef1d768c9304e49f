/**
 * One of something per key, made on first use and dropped with the key: per database, a
 * statement that Drizzle builds once and ends with `.prepare(name)`, taking `sql.placeholder`
 * for what changes per call (PostgreSQL then parses and plans it once per connection), or a
 * loader that batches the calls of one turn of the event loop; per app's dependencies, a
 * writer or loader that all requests share. For the statements that every signed-in request
 * or every chat message runs, building them again on each call was a tenth of the server's
 * CPU (decision 017).
 */
export function onePer<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let value = made.get(key);
    if (!value) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/**
 * DataLoader options for one batch of the calls of a turn of the event loop: scheduled with
 * `setImmediate`, so the requests read in one poll phase share it (DataLoader's default,
 * the next tick, gathers only the calls of one request), and nothing kept between batches.
 */
export const batchedPerTurn = {
  cache: false,
  batchScheduleFn: (run: () => void) => setImmediate(run),
  maxBatchSize: 200,
} as const;
