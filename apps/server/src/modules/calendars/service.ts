import type { CalendarFeed, NewCalendarFeed } from '@marco/contract/calendars';
import type { Locale } from '@marco/contract/locales';
import { isLocale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken, newToken } from '../../platform/crypto/tokens.js';
import { AppError } from '../../platform/errors.js';
import { findGuideByUser } from '../guides/guide-profile.js';
import {
  CALENDAR_FILE_STATUSES,
  findReservationCalendarEntries,
  listGuideCalendarEntries,
} from '../reservations/calendar-entries.js';
import { buildIcs } from './ics.js';
import { CALENDAR_TEXTS } from './texts.js';

const DAY_MS = 86_400_000;
/** How far back a feed reaches: recent tours stay visible after they happen. */
export const FEED_PAST_DAYS = 60;
/** The most reservation days one feed lists (a calendar app reads the whole feed each time). */
export const FEED_MAX_EVENTS = 1000;
export const FEED_PATH = '/api/app/calendar-public/guide-feed.ics';

interface CalendarDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** A paid or completed reservation as an .ics file for its tourist or guide (others: 404). */
export async function buildReservationIcs(deps: CalendarDeps, userId: string, reservationId: string, locale: Locale) {
  const found = await findReservationCalendarEntries(deps.db, userId, reservationId);
  if (!found) throw new AppError('NOT_FOUND', 'Reservation not found');
  if (!(CALENDAR_FILE_STATUSES as readonly string[]).includes(found.status)) {
    throw new AppError('INVALID_STATE', 'Only a paid reservation can be added to a calendar', { status: found.status });
  }
  return buildIcs(found.entries, {
    audience: found.isGuide ? 'guide' : 'traveller',
    locale,
    publicUrl: deps.publicUrl,
    now: deps.clock.now(),
  });
}

const toFeed = (row: typeof calendarFeeds.$inferSelect | undefined): CalendarFeed => ({
  isActive: Boolean(row),
  tokenHint: row?.tokenHint ?? null,
  createdAt: row?.createdAt.toISOString() ?? null,
  lastReadAt: row?.lastReadAt?.toISOString() ?? null,
});

async function requireGuide(db: Db, userId: string) {
  const guide = await findGuideByUser(db, userId);
  if (!guide) throw new AppError('GUIDE_NOT_FOUND', 'Only a guide has a reservations calendar');
  return guide;
}

export async function getCalendarFeed(db: Db, userId: string): Promise<CalendarFeed> {
  await requireGuide(db, userId);
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return toFeed(row);
}

/** Makes the guide's feed address, replacing (and so revoking) the one before. */
export async function createCalendarFeed(deps: CalendarDeps, userId: string, locale: Locale): Promise<NewCalendarFeed> {
  await requireGuide(deps.db, userId);
  const token = newToken();
  const values = {
    userId,
    tokenHash: hashToken(token),
    tokenHint: token.slice(-4),
    locale,
    createdAt: deps.clock.now(),
  };
  const [row] = await deps.db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...values, lastReadAt: null } })
    .returning();
  const url = `${deps.publicUrl.replace(/\/$/, '')}${FEED_PATH}?token=${token}`;
  return { ...toFeed(row), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function revokeCalendarFeed(db: Db, userId: string): Promise<CalendarFeed> {
  await requireGuide(db, userId);
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return toFeed(undefined);
}

/** The feed a calendar app reads: the token is the only credential (an unknown or revoked one: 404). */
export async function readCalendarFeed(deps: CalendarDeps, token: string): Promise<string> {
  const [feed] = await deps.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) throw new AppError('NOT_FOUND', 'Calendar feed not found');
  const now = deps.clock.now();
  const locale = isLocale(feed.locale) ? feed.locale : 'en';
  const entries = await listGuideCalendarEntries(
    deps.db,
    feed.userId,
    new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    FEED_MAX_EVENTS,
  );
  await deps.db.update(calendarFeeds).set({ lastReadAt: now }).where(eq(calendarFeeds.userId, feed.userId));
  return buildIcs(entries, {
    audience: 'guide',
    locale,
    publicUrl: deps.publicUrl,
    name: CALENDAR_TEXTS[locale].feedName,
    now,
  });
}
