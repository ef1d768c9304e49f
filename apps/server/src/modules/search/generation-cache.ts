/**
 * Values derived from the search tables, valid for one search generation: a PostgreSQL
 * sequence that triggers advance on every write to what search reads (migration
 * `search/0005`). A value of an older generation is never served; one of the current
 * generation is served for `ttlMs` and then, while a fresh one is computed in the background,
 * for as long as that takes (time alone changes a date search's answer, a little, as hours
 * pass). Concurrent misses of one key share one computation. The oldest keys go beyond
 * `maxEntries`.
 */
export class GenerationCache<T> {
  readonly #entries = new Map<string, { generation: bigint; value: T; at: number }>();
  readonly #pending = new Map<string, Promise<T>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  async get(key: string, generation: bigint, nowMs: number, compute: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.generation === generation) {
      if (nowMs - entry.at >= this.options.ttlMs) {
        // A failed refresh drops the entry, so the next request computes (and reports) it.
        this.#compute(key, generation, nowMs, compute).catch(() => this.#entries.delete(key));
      }
      return entry.value;
    }
    return this.#compute(key, generation, nowMs, compute);
  }

  #compute(key: string, generation: bigint, nowMs: number, compute: () => Promise<T>): Promise<T> {
    const flight = `${generation}:${key}`;
    const pending = this.#pending.get(flight);
    if (pending) return pending;
    const promise = compute()
      .then((value) => {
        const current = this.#entries.get(key);
        if (!current || current.generation <= generation) {
          this.#entries.delete(key);
          this.#entries.set(key, { generation, value, at: nowMs });
          if (this.#entries.size > this.options.maxEntries) {
            const oldest = this.#entries.keys().next().value;
            if (oldest !== undefined) this.#entries.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => this.#pending.delete(flight));
    this.#pending.set(flight, promise);
    return promise;
  }
}
