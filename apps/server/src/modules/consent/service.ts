import type { ConsentRecord, SaveMyConsent } from '@marco/contract/consent';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { cookieConsents } from '../../db/schema/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

type ConsentRow = typeof cookieConsents.$inferSelect;

export const toConsentRecord = (row: ConsentRow): ConsentRecord => ({
  choices: { personalisation: row.personalisation, marketing: row.marketing, profiling: row.profiling },
  version: row.version,
  time: row.givenAt.toISOString(),
});

/** Every choice a member has made, newest first: the history a consent must leave. */
export async function listConsentHistory(db: Db, userId: string): Promise<ConsentRecord[]> {
  const rows = await db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.userId, userId))
    .orderBy(desc(cookieConsents.givenAt), desc(cookieConsents.id));
  return rows.map(toConsentRecord);
}

/** The choice in force: the member's latest, or null before the first. */
export async function getMyConsent(db: Db, userId: string): Promise<ConsentRecord | null> {
  const [row] = await db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.userId, userId))
    .orderBy(desc(cookieConsents.givenAt), desc(cookieConsents.id))
    .limit(1);
  return row ? toConsentRecord(row) : null;
}

/**
 * Records a choice as a new row, timed by the server's clock (a client's clock proves
 * nothing). Saving the choice already in force adds no row, so a page that re-sends it on
 * every sign-in does not bury the real changes.
 */
export async function saveMyConsent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: SaveMyConsent,
): Promise<ConsentRecord> {
  const current = await getMyConsent(deps.db, userId);
  const { choices, version } = input;
  if (
    current &&
    current.version === version &&
    current.choices.personalisation === choices.personalisation &&
    current.choices.marketing === choices.marketing &&
    current.choices.profiling === choices.profiling
  ) {
    return current;
  }
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(cookieConsents)
    .values({ id: uuidv7(now), userId, ...choices, version, givenAt: now })
    .returning();
  if (!row) throw new Error('consent insert returned no row');
  return toConsentRecord(row);
}
