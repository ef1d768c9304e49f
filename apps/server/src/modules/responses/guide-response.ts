import type { GuideResponse } from '@marco/contract/guides';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guideResponseStats } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';

/*
 * A guide's response rate and time (issue 19 item 3, docs/decisions/022). The figures are
 * computed in the database (responses/0001): on every answer, expiry or withdrawal of a
 * request by triggers on reservations, and for the sliding window by the job below.
 */

export const GUIDE_RESPONSE_LOCK = 6_000_019;
/** The window slides by the hour: a request turns 24 hours old, or 90 days, within an hour of it. */
const JOB_INTERVAL_MS = 60 * 60_000;

/** The rate and median as a card or profile shows them; null below RESPONSE_MIN_REQUESTS. */
export function guideResponseOf(
  rate: number | string | null,
  medianSeconds: number | string | null,
): GuideResponse | null {
  if (rate === null) return null;
  return {
    ratePercent: Number(rate),
    medianMinutes: medianSeconds === null ? null : Math.round(Number(medianSeconds) / 60),
  };
}

/** A guide's figures (null below RESPONSE_MIN_REQUESTS), for the profile. */
export async function getGuideResponse(db: Db, guideId: string): Promise<GuideResponse | null> {
  const [row] = await db
    .select({ rate: guideResponseStats.rate, medianSeconds: guideResponseStats.medianSeconds })
    .from(guideResponseStats)
    .where(eq(guideResponseStats.guideId, guideId));
  return row ? guideResponseOf(row.rate, row.medianSeconds) : null;
}

/**
 * Recomputes, as of `now`, the guides whose window may have moved: those with a request in
 * the last 90 days (and a day, so one leaving the window is seen) or figures still showing.
 */
export async function refreshGuideResponses(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`select guide_response_refresh(array(
      select distinct guide_id from reservation_answers
       where requested_at > ${at}::timestamptz - interval '91 days'
      union
      select guide_id from guide_response_stats where requests > 0), ${at}::timestamptz)`);
}

export const guideResponseJob = (deps: { clock: Clock }): ScheduledJob => ({
  name: 'responses-refresh',
  lockKey: GUIDE_RESPONSE_LOCK,
  intervalMs: JOB_INTERVAL_MS,
  run: async (db: Db) => {
    await refreshGuideResponses(db, deps.clock.now());
  },
});
