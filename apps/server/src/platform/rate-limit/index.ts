import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import { hashToken } from '../crypto/tokens.js';
import { AppError } from '../errors.js';

export interface RateRule {
  /** How many hits a window allows. */
  limit: number;
  windowSeconds: number;
}

export interface RateResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key`; answers whether it is within the rule. */
  hit(key: string, rule: RateRule): Promise<RateResult>;
  /** Counts one hit; throws TOO_MANY_ATTEMPTS (429, Retry-After) past the limit. */
  consume(key: string, rule: RateRule): Promise<void>;
  /** The hits counted in `key`'s current window and when it opened (null: none), without counting one. */
  peek(key: string, windowSeconds: number): Promise<{ count: number; windowStart: Date | null }>;
  /** Forgets `key`'s hits. */
  clear(key: string): Promise<void>;
}

/**
 * Fixed-window counters in the database, so every instance shares them. One statement
 * both counts and reads (INSERT … ON CONFLICT DO UPDATE … RETURNING), so concurrent hits
 * are never lost.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  let hitsSinceCleanup = 0;

  async function hit(key: string, rule: RateRule): Promise<RateResult> {
    const now = clock.now();
    const windowEndsBefore = new Date(now.getTime() - rule.windowSeconds * 1000);
    const stale = sql`${rateLimits.windowStart} <= ${windowEndsBefore.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: hashToken(key), windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
    if (!row) throw new Error('rate limit upsert returned no row');

    if (++hitsSinceCleanup >= 500) {
      hitsSinceCleanup = 0;
      const dayAgo = new Date(now.getTime() - 86_400_000);
      await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${dayAgo.toISOString()}::timestamptz`);
    }

    const allowed = row.count <= rule.limit;
    const endsAt = row.windowStart.getTime() + rule.windowSeconds * 1000;
    return {
      allowed,
      count: row.count,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
    };
  }

  return {
    hit,
    async consume(key, rule) {
      const result = await hit(key, rule);
      if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
    },
    async peek(key, windowSeconds) {
      const [row] = await db
        .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, hashToken(key)));
      const isCurrent = row && row.windowStart.getTime() > clock.now().getTime() - windowSeconds * 1000;
      return isCurrent ? row : { count: 0, windowStart: null };
    },
    async clear(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, hashToken(key)));
    },
  };
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts, wait a few minutes', { retryAfterSeconds });
}
