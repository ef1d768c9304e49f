import { DEFAULT_LOCALE, isLocale, type Locale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userLocales, users } from '../../db/schema/index.js';

/*
 * The locale each user's e-mails, SMS and push are written in: the one chosen in settings
 * (users.locale), else the one they last used the app in (cookie, else Accept-Language),
 * remembered on their signed-in calls. A small cache keeps the latter to one write per
 * change, not one per request.
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

/** The user's locale: chosen, else last used, else the default. */
export async function localeOfUser(db: Db, userId: string): Promise<Locale> {
  const [row] = await db
    .select({ chosen: users.locale, lastUsed: userLocales.locale })
    .from(users)
    .leftJoin(userLocales, eq(userLocales.userId, users.id))
    .where(eq(users.id, userId));
  if (isLocale(row?.chosen)) return row.chosen;
  return isLocale(row?.lastUsed) ? row.lastUsed : DEFAULT_LOCALE;
}
