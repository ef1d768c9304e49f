import { and, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits, sessions, verificationCodes } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';

export const CREDENTIAL_PURGE_LOCK = 6_000_002;
export const CREDENTIAL_PURGE_INTERVAL_MS = 60 * 60_000;
/**
 * Dead credentials are kept this long after they stop working: a day of "why was I signed
 * out" or "why did my code fail" is answerable from the database, nothing older is needed.
 */
export const CREDENTIAL_RETENTION_MS = 24 * 3_600_000;

export interface PurgeResult {
  sessions: number;
  verificationCodes: number;
  rateLimits: number;
}

/**
 * Deletes sessions and tokens that no longer sign anyone in (expired, revoked, or idle past
 * their browser-session timeout), verification codes whose code and grant have both
 * expired, and rate-limit windows that ended, each once the retention above has passed.
 * Personal data (phone numbers in codes) must not outlive its purpose (KVKK Art. 7).
 */
export async function purgeExpiredCredentials(db: Db, clock: Clock): Promise<PurgeResult> {
  const cutoff = new Date(clock.now().getTime() - CREDENTIAL_RETENTION_MS);
  const at = sql`${cutoff.toISOString()}::timestamptz`;

  const deadSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, cutoff),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        and(
          isNotNull(sessions.idleTimeoutSeconds),
          sql`${sessions.lastSeenAt} + make_interval(secs => ${sessions.idleTimeoutSeconds}) < ${at}`,
        ),
      ),
    )
    .returning({ id: sessions.id });

  const deadCodes = await db
    .delete(verificationCodes)
    .where(
      and(
        lt(verificationCodes.expiresAt, cutoff),
        or(isNull(verificationCodes.grantExpiresAt), lt(verificationCodes.grantExpiresAt, cutoff)),
      ),
    )
    .returning({ id: verificationCodes.id });

  const deadWindows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, cutoff))
    .returning({ key: rateLimits.key });

  return { sessions: deadSessions.length, verificationCodes: deadCodes.length, rateLimits: deadWindows.length };
}

/** The scheduler job of the purge (one instance at a time, see platform/scheduler). */
export const credentialPurgeJob = (deps: { clock: Clock }): ScheduledJob => ({
  name: 'auth-purge-expired-credentials',
  lockKey: CREDENTIAL_PURGE_LOCK,
  intervalMs: CREDENTIAL_PURGE_INTERVAL_MS,
  run: async (db: Db) => {
    await purgeExpiredCredentials(db, deps.clock);
  },
});
