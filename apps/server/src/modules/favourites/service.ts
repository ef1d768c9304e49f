import {
  FAVOURITES_MAX,
  type FavouriteCount,
  type FavouriteGuide,
  type FavouriteGuideList,
  type FavouriteIds,
  type FavouriteState,
  type FavouritesQuerySchema,
} from '@marco/contract/favourites';
import type { Locale } from '@marco/contract/locales';
import { CURRENCY_CODES, type CurrencyCode } from '@marco/contract/reference';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { currencies, favouriteGuides, users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { photoUrl } from '../files/guide-files.js';
import { computeAvailableHours, localDateOf } from '../guides/availability.js';
import { findGuideByAnyId, findGuideByUser, isPublicGuide } from '../guides/guide-profile.js';
import { listHeldIntervalsOfGuides } from '../reservations/held-intervals.js';
import { convertMinor, loadRatesPerUsd } from '../reservations/pricing.js';
import { loadRulesInBulk } from '../search/availability-index.js';

/** How far ahead the next free date is looked for: the search availability window. */
export const NEXT_FREE_DATE_DAYS = 90;
const DAY_MS = 86_400_000;

type Query = z.output<typeof FavouritesQuerySchema>;

/** Adds a public guide to the caller's list (again: no change). Unknown or hidden guides answer 404. */
export async function addFavourite(db: Db, userId: string, guideId: string): Promise<FavouriteState> {
  const guide = await findGuideByAnyId(db, guideId);
  if (!guide || guide.id !== guideId || !isPublicGuide(guide)) {
    throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  }
  await db.transaction(async (tx) => {
    // One user's adds take turns (decision 011), so the limit holds under parallel requests.
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [kept] = await tx.select({ total: count() }).from(favouriteGuides).where(eq(favouriteGuides.userId, userId));
    const [existing] = await tx
      .select({ guideId: favouriteGuides.guideId })
      .from(favouriteGuides)
      .where(and(eq(favouriteGuides.userId, userId), eq(favouriteGuides.guideId, guideId)));
    if (existing) return;
    if ((kept?.total ?? 0) >= FAVOURITES_MAX) {
      throw new AppError('CONFLICT', `At most ${FAVOURITES_MAX} favourite guides`, { limit: FAVOURITES_MAX });
    }
    await tx.insert(favouriteGuides).values({ userId, guideId }).onConflictDoNothing();
  });
  return { guideId, isFavourite: true };
}

/** Removes a guide from the caller's list; removing one that is not there is not an error. */
export async function removeFavourite(db: Db, userId: string, guideId: string): Promise<FavouriteState> {
  await db.delete(favouriteGuides).where(and(eq(favouriteGuides.userId, userId), eq(favouriteGuides.guideId, guideId)));
  return { guideId, isFavourite: false };
}

export async function listFavouriteIds(db: Db, userId: string): Promise<FavouriteIds> {
  const rows = await db
    .select({ guideId: favouriteGuides.guideId })
    .from(favouriteGuides)
    .where(eq(favouriteGuides.userId, userId))
    .orderBy(sql`${favouriteGuides.createdAt} desc nulls last`, favouriteGuides.guideId)
    .limit(FAVOURITES_MAX);
  return { data: rows.map((row) => row.guideId) };
}

/** For a guide about themselves: how many travellers keep them (never shown to anyone else). */
export async function countMyFavourers(db: Db, userId: string): Promise<FavouriteCount> {
  const guide = await findGuideByUser(db, userId);
  if (!guide) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  const [row] = await db.select({ total: count() }).from(favouriteGuides).where(eq(favouriteGuides.guideId, guide.id));
  return { count: row?.total ?? 0 };
}

async function preferredCurrency(db: Db, userId: string): Promise<CurrencyCode> {
  const [row] = await db
    .select({ code: currencies.code })
    .from(users)
    .innerJoin(currencies, eq(currencies.id, users.currencyId))
    .where(eq(users.id, userId));
  return (CURRENCY_CODES as readonly string[]).includes(row?.code ?? '') ? (row?.code as CurrencyCode) : 'USD';
}

type FavouriteRow = {
  guide_id: string;
  saved_at: string | Date;
  user_id: string;
  name: string | null;
  surname: string | null;
  profile_picture_key: string | null;
  is_public: boolean;
  timezone: string;
  hourly_rate_minor: number | null;
  currency: string | null;
  rating: string | number | null;
  review_count: number;
  cover_id: string | null;
} & PlaceColumns;

/** The columns a card's place comes from, selected in the reader's language. */
type PlaceColumns = {
  city_id: string | null;
  city_key: string | null;
  city_name: string | null;
  country_id: string | null;
  country_code: string | null;
  country_name: string | null;
};

/** A saved guide's city and country, in the reader's language (null where the guide has none). */
function cardPlaces(row: PlaceColumns): Pick<FavouriteGuide, 'city' | 'country'> {
  return {
    city:
      row.city_id && row.city_key && row.city_name !== null
        ? { id: row.city_id, code: row.city_key, name: row.city_name }
        : null,
    country:
      row.country_id && row.country_code && row.country_name !== null
        ? { id: row.country_id, code: row.country_code, name: row.country_name }
        : null,
  };
}

/**
 * Computes each public guide's next local date with a free hour from now, from the same
 * rules as the guide's calendar (schedule ∪ free dates − held hours), loaded for the whole
 * page in three queries.
 */
async function nextFreeDates(db: Db, rows: FavouriteRow[], now: Date): Promise<Map<string, string>> {
  const open = rows.filter((row) => row.is_public).map((row) => ({ id: row.guide_id, timezone: row.timezone }));
  const found = new Map<string, string>();
  if (!open.length) return found;
  const until = new Date(now.getTime() + NEXT_FREE_DATE_DAYS * DAY_MS);
  const lower = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const upper = new Date(until.getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
  const [rules, held] = await Promise.all([
    loadRulesInBulk(db, open, lower, upper),
    listHeldIntervalsOfGuides(
      db,
      open.map((guide) => guide.id),
      now,
      until,
    ),
  ]);
  for (const guide of open) {
    const rule = rules.get(guide.id);
    if (!rule) continue;
    // Weeks at a time: most guides have a free hour within days, so the whole window is rarely walked.
    for (let from = now.getTime(); from < until.getTime(); from += 7 * DAY_MS) {
      const to = Math.min(from + 7 * DAY_MS, until.getTime());
      const [first] = computeAvailableHours(rule, new Date(from), new Date(to), held.get(guide.id) ?? []);
      if (first) {
        found.set(guide.id, localDateOf(first.start, guide.timezone));
        break;
      }
    }
  }
  return found;
}

/** The caller's favourite guides, newest first, with current prices in `currency` and next free dates. */
export async function listFavourites(
  db: Db,
  clock: Clock,
  userId: string,
  query: Query,
  locale: Locale,
): Promise<FavouriteGuideList> {
  const currency = query.currency ?? (await preferredCurrency(db, userId));
  const offset = (query.page - 1) * query.pageSize;
  // One query for the page (index favourite_guides_user_saved), joined to the public profile columns.
  const [page, totals, rates] = await Promise.all([
    db.execute<FavouriteRow>(sql`
      select f.guide_id, f.created_at as saved_at, g.user_id, u.name, u.surname, u.profile_picture_key,
             (g.status = 'approved' and g.is_active) as is_public, g.timezone, g.hourly_rate_minor, g.currency,
             g.rating, g.review_count,
             c.id as city_id, c.key as city_key, c.names->>${locale}::text as city_name,
             co.id as country_id, co.code as country_code, co.names->>${locale}::text as country_name,
             cover.id as cover_id
        from favourite_guides f
        join guides g on g.id = f.guide_id
        join users u on u.id = g.user_id
        left join cities c on c.id = g.city_id
        left join countries co on co.id = g.country_id
        left join lateral (
          select p.id from guide_files p
           where p.guide_id = g.id and p.kind = 'photo'
           order by p.is_cover desc, p.position, p.created_at limit 1
        ) cover on true
       where f.user_id = ${userId}
       -- nulls last as in favourite_guides_user_saved, so the index gives the order (no sort).
       order by f.created_at desc nulls last, f.guide_id
       limit ${query.pageSize} offset ${offset}`),
    db.select({ total: count() }).from(favouriteGuides).where(eq(favouriteGuides.userId, userId)),
    loadRatesPerUsd(db, [...CURRENCY_CODES]),
  ]);
  const rows = page.rows;
  const free = await nextFreeDates(db, rows, clock.now());
  const data: FavouriteGuide[] = rows.map((row) => {
    const isAvailable = row.is_public;
    const priced = isAvailable && row.hourly_rate_minor !== null && row.currency !== null;
    return {
      guideId: row.guide_id,
      name: row.name,
      surname: row.surname,
      avatarUrl: profilePictureUrl(row.user_id, row.profile_picture_key),
      coverPhotoUrl: row.cover_id ? photoUrl(row.cover_id, 'card') : null,
      ...cardPlaces(row),
      rating: row.rating === null ? null : Number(row.rating),
      reviewCount: Number(row.review_count),
      isAvailable,
      priceMinor: priced ? convertMinor(Number(row.hourly_rate_minor), row.currency as string, currency, rates) : null,
      currency,
      nextFreeDate: isAvailable ? (free.get(row.guide_id) ?? null) : null,
      savedAt: new Date(row.saved_at).toISOString(),
    };
  });
  return { data, page: query.page, pageSize: query.pageSize, total: totals[0]?.total ?? 0 };
}
