/**
 * Values derived from the search tables, by search generation (docs/decisions/007): a
 * number each instance moves on when a notification says something search reads has
 * changed. A value of the current generation is served for `ttlMs` and then, while a fresh
 * one is computed in the background, for as long as that takes (time alone changes a date
 * search's answer, a little, as hours pass). Concurrent misses of one key share one
 * computation. The keys least recently asked for go beyond `maxEntries`.
 *
 * With `stale` (docs/decisions/012), a value of an older generation is still served while
 * it is younger than `stale.maxAgeMs`, unless the `visibility` it was computed under has
 * moved on (a guide stopped being public): once it is `stale.refreshAfterMs` old, one fresh
 * computation starts in the background, so a key is computed at most about once per
 * `refreshAfterMs` however often the data changes, and no request waits for it. Ages are
 * wall time since the computation started (its snapshot is at least that old), measured
 * with a monotonic clock whatever clock the caller's business runs on. Without `stale`, a
 * value of an older generation is never served.
 */
export interface StalePolicy {
  refreshAfterMs: number;
  maxAgeMs: number;
}

interface Entry<T> {
  generation: bigint;
  visibility: bigint;
  value: T;
  /** The caller's clock at the start of the computation (for `ttlMs`). */
  at: number;
  /** The monotonic clock at the start of the computation (for `stale`). */
  started: number;
  /** Asked for since it was kept or last passed over for eviction. */
  used: boolean;
}

export class GenerationCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #pending = new Map<string, Promise<T>>();
  /** Keys with a background refresh under way: at most one each. */
  readonly #refreshing = new Set<string>();

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      stale?: StalePolicy;
      monotonicMs?: () => number;
    },
  ) {}

  #monotonic(): number {
    return this.options.monotonicMs ? this.options.monotonicMs() : performance.now();
  }

  /**
   * The value of `key` when it can be served as it is, without a refresh (the current
   * generation, younger than `ttlMs`); otherwise undefined, and `get` decides. Lets a caller
   * answer a hit synchronously.
   */
  peek(key: string, generation: bigint, nowMs: number, visibility = 0n): T | undefined {
    const entry = this.#used(key);
    if (!entry || entry.generation !== generation || entry.visibility !== visibility) return undefined;
    return nowMs - entry.at < this.options.ttlMs ? entry.value : undefined;
  }

  /** The entry of `key`, marked as asked for (see #evict). */
  #used(key: string): Entry<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry) entry.used = true;
    return entry;
  }

  /**
   * Drops the oldest key not asked for since it was kept (second chance, as an operating
   * system's page clock): one asked for goes to the back of the line instead, so a page everyone
   * asks for is not dropped (and rendered again while every connection waits for it) because
   * many others were kept since. A hit only sets a flag: a kept answer's hit changes nothing in
   * the map, where the routes that serve kept answers measure each microsecond.
   */
  #evict(): void {
    for (const [key, entry] of this.#entries) {
      this.#entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.#entries.set(key, entry);
    }
  }

  async get(key: string, generation: bigint, nowMs: number, compute: () => Promise<T>, visibility = 0n): Promise<T> {
    const entry = this.#used(key);
    if (entry && entry.generation === generation && entry.visibility === visibility) {
      if (nowMs - entry.at >= this.options.ttlMs) this.#refresh(key, generation, visibility, nowMs, compute);
      return entry.value;
    }
    const stale = this.options.stale;
    if (entry && stale && entry.visibility === visibility && entry.generation < generation) {
      const age = this.#monotonic() - entry.started;
      if (age < stale.maxAgeMs) {
        if (age >= stale.refreshAfterMs) this.#refresh(key, generation, visibility, nowMs, compute);
        return entry.value;
      }
    }
    return this.#compute(key, generation, visibility, nowMs, compute);
  }

  #refresh(key: string, generation: bigint, visibility: bigint, nowMs: number, compute: () => Promise<T>) {
    if (this.#refreshing.has(key)) return;
    this.#refreshing.add(key);
    this.#compute(key, generation, visibility, nowMs, compute)
      // A failed refresh drops the entry, so the next request computes (and reports) it.
      .catch(() => this.#entries.delete(key))
      .finally(() => this.#refreshing.delete(key));
  }

  #compute(key: string, generation: bigint, visibility: bigint, nowMs: number, compute: () => Promise<T>): Promise<T> {
    const flight = `${generation}:${visibility}:${key}`;
    const pending = this.#pending.get(flight);
    if (pending) return pending;
    const started = this.#monotonic();
    const promise = compute()
      .then((value) => {
        const current = this.#entries.get(key);
        // A computation that started earlier never replaces a later one's value.
        if (!current || current.started <= started) {
          this.#entries.delete(key);
          this.#entries.set(key, { generation, visibility, value, at: nowMs, started, used: false });
          if (this.#entries.size > this.options.maxEntries) this.#evict();
        }
        return value;
      })
      .finally(() => this.#pending.delete(flight));
    this.#pending.set(flight, promise);
    return promise;
  }
}
