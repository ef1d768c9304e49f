import { DEFAULT_LOCALE, isLocale, type Locale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userLocales } from '../../db/schema/index.js';

/*
 * The locale each user's e-mails and SMS are written in: the one they last used the app in
 * (cookie, else Accept-Language), remembered on their signed-in calls. A small cache keeps
 * this to one write per change, not one per request.
 */

const remembered = new Map<string, Locale>();
const CACHE_LIMIT = 10_000;

export async function rememberLocale(db: Db, userId: string, locale: Locale, now: Date): Promise<void> {
  if (remembered.get(userId) === locale) return;
  await db
    .insert(userLocales)
    .values({ userId, locale, updatedAt: now })
    .onConflictDoUpdate({ target: userLocales.userId, set: { locale, updatedAt: now } });
  if (remembered.size >= CACHE_LIMIT) remembered.clear();
  remembered.set(userId, locale);
}

/** The user's locale; the default for someone never seen with one. */
export async function localeOfUser(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: userLocales.locale }).from(userLocales).where(eq(userLocales.userId, userId));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}
