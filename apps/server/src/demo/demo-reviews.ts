import type { Localized } from '@marco/contract/locales';
import type { ReservationCurrency } from '@marco/contract/reservations';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  cities,
  guideLanguages,
  guides,
  languages,
  reservationAnswers,
  reservationSlots,
  reservations,
  reviews,
  users,
} from '../db/schema/index.js';
import { consentColumns, generateUserName } from '../modules/auth/users.js';
import { localHourToInstant } from '../modules/guides/availability.js';
import { computePrice, loadRatesPerUsd } from '../modules/reservations/pricing.js';
import { uuidv7 } from '../platform/uuid-v7.js';
import { COMMENTS, TRAVELLERS } from './demo-review-data.js';

/*
 * The reviews of the demo marketplace (issue 6): demo travellers, their completed
 * reservations (with the price snapshot of the guide's real rate) and one review each,
 * with comments in the traveller's language and some replies by the guide. The guides'
 * rating and review count are then computed from those rows, exactly as a real review
 * does, so every number shown is backed by reviews one can read. Everything is inserted
 * in bulk (a few statements per thousand rows) to keep the seed fast.
 *
 * The demo traveller account gets, when it has no reservations yet, two reviewed tours
 * and one completed tour with the demo guide still waiting for a rating, so both the
 * "rate" dialog and the guide's reply can be tried at once.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows per INSERT, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

/** How the guides' reviews lean, from the best to the most uneven. */
const TIERS: Array<{ weight: number; ratings: number[] }> = [
  { weight: 35, ratings: [5, 5, 5, 5, 5, 4] },
  { weight: 35, ratings: [5, 5, 5, 4, 4, 4, 3] },
  { weight: 20, ratings: [5, 4, 4, 4, 3, 3, 2] },
  { weight: 10, ratings: [5, 4, 3, 3, 2, 1] },
];

type Random = {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  int: (min: number, max: number) => number;
};

interface SeededGuide {
  id: string;
  userId: string;
  name: string;
  cityId: string;
  cityNames: Localized;
  timezone: string;
  hourlyRateMinor: number;
  currency: string;
  createdAt: Date;
  languages: Set<string>;
}

interface Traveller {
  id: string;
  language: string;
}

type ReservationRow = typeof reservations.$inferInsert;
type SlotRow = typeof reservationSlots.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

const fill = (template: string, guide: SeededGuide, language: string) =>
  template
    .replaceAll('{city}', guide.cityNames[language as keyof Localized] ?? guide.cityNames.en)
    .replaceAll('{guide}', guide.name);

function pickTier(r: Random) {
  let roll = r.next() * TIERS.reduce((sum, tier) => sum + tier.weight, 0);
  for (const tier of TIERS) {
    roll -= tier.weight;
    if (roll < 0) return tier;
  }
  return TIERS[0] as (typeof TIERS)[number];
}

async function loadGuides(db: Db, guideIds: string[]): Promise<SeededGuide[]> {
  const out: SeededGuide[] = [];
  for (let start = 0; start < guideIds.length; start += 5000) {
    const ids = guideIds.slice(start, start + 5000);
    const [rows, spoken] = await Promise.all([
      db
        .select({
          id: guides.id,
          userId: guides.userId,
          name: users.name,
          cityId: guides.cityId,
          cityNames: cities.names,
          timezone: guides.timezone,
          hourlyRateMinor: guides.hourlyRateMinor,
          currency: guides.currency,
          createdAt: guides.createdAt,
        })
        .from(guides)
        .innerJoin(users, eq(users.id, guides.userId))
        .innerJoin(cities, eq(cities.id, guides.cityId))
        .where(inArray(guides.id, ids)),
      db
        .select({ guideId: guideLanguages.guideId, code: languages.code })
        .from(guideLanguages)
        .innerJoin(languages, eq(languages.id, guideLanguages.languageId))
        .where(inArray(guideLanguages.guideId, ids)),
    ]);
    for (const row of rows) {
      if (!row.cityId || !row.hourlyRateMinor || !row.currency) continue;
      out.push({
        ...row,
        name: row.name ?? '',
        cityId: row.cityId,
        hourlyRateMinor: row.hourlyRateMinor,
        currency: row.currency,
        languages: new Set(spoken.filter((entry) => entry.guideId === row.id).map((entry) => entry.code)),
      });
    }
  }
  return out.sort((a, b) => guideIds.indexOf(a.id) - guideIds.indexOf(b.id));
}

async function createTravellers(db: Db, r: Random, count: number, now: Date): Promise<Traveller[]> {
  const planned = Array.from({ length: count }, () => {
    const pool = r.pick(TRAVELLERS);
    const createdAt = new Date(now.getTime() - r.int(30, 720) * DAY_MS);
    return {
      language: pool.language,
      row: {
        userName: generateUserName(),
        name: r.pick(pool.first),
        surname: r.pick(pool.last),
        ...consentColumns(createdAt),
        createdAt,
        updatedAt: createdAt,
      },
    };
  });
  const travellers: Traveller[] = [];
  await insertChunked(planned, async (chunk) => {
    const ids = await db
      .insert(users)
      .values(chunk.map((entry) => entry.row))
      .returning({ id: users.id });
    ids.forEach((row, index) => {
      travellers.push({ id: row.id, language: (chunk[index] as (typeof chunk)[number]).language });
    });
  });
  return travellers;
}

/**
 * How each demo tour's request was answered (issue 19 item 3): every guide at a pace of their
 * own, from minutes to most of a day, about one answer in eighteen late; derived from the
 * ids, so the seed's random sequence is untouched. Written rows count only in the 90 days
 * before `now`, as real ones do.
 */
async function seedDemoAnswers(db: Db, rows: ReservationRow[], now: Date) {
  const answers = rows.map((row) => {
    const draw = Number.parseInt(row.id.slice(-6), 16);
    const paceMinutes = 10 + (Number.parseInt(row.guideId.slice(-4), 16) % 600);
    const minutes = Math.round(paceMinutes * (0.5 + (draw % 100) / 100)) + (draw % 18 === 0 ? 30 * 60 : 0);
    const requestedAt = row.createdAt as Date;
    return {
      reservationId: row.id as string,
      guideId: row.guideId,
      requestedAt,
      closedAt: new Date(requestedAt.getTime() + minutes * 60_000),
      outcome: 'answered',
    };
  });
  await insertChunked(answers, (chunk) => db.insert(reservationAnswers).values(chunk));
  const guideIds = [...new Set(answers.map((answer) => answer.guideId))];
  if (guideIds.length === 0) return;
  await db.execute(
    sql`select guide_response_refresh(array[${sql.join(
      guideIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}], ${now.toISOString()}::timestamptz)`,
  );
}

/** Adds demo travellers, completed reservations and reviews for `guideIds`; recomputes their ratings. */
export async function seedDemoReviews(
  db: Db,
  r: Random,
  options: { guideIds: string[]; now: Date; demoTravellerId?: string; demoGuideUserId?: string },
): Promise<{ reviews: number }> {
  const { now } = options;
  const seeded = await loadGuides(db, options.guideIds);
  if (!seeded.length) return { reviews: 0 };
  const rates = await loadRatesPerUsd(db, ['USD', 'TRY', 'EUR']);
  const travellers = await createTravellers(db, r, Math.min(400, Math.max(24, Math.ceil(seeded.length * 0.4))), now);

  const reservationRows: ReservationRow[] = [];
  /** Days each guide already works a seeded tour, so no two of one guide overlap. */
  const busy = new Map<string, Set<number>>();
  const freeDay = (guide: SeededGuide, preferred: number) => {
    const days = busy.get(guide.id) ?? new Set<number>();
    let day = preferred;
    while (days.has(day)) day -= 1;
    return day;
  };
  const slotRows: SlotRow[] = [];
  const reviewRows: ReviewRow[] = [];

  /** `delay` after `from`, or a random moment between `from` and now when that would be in the future. */
  const later = (from: Date, delay: number) => {
    const room = now.getTime() - from.getTime();
    return new Date(from.getTime() + (delay < room ? delay : Math.floor(room * (0.1 + 0.8 * r.next()))));
  };

  /** A completed tour of `touristId` with `guide` on local `day`, and its review when `rating` is given. */
  const tour = (
    guide: SeededGuide,
    touristId: string,
    language: string,
    day: number,
    review: { rating: number; comment: string; reply: string | null; language: string; replyLanguage: string } | null,
  ) => {
    const days = busy.get(guide.id) ?? new Set<number>();
    days.add(day);
    busy.set(guide.id, days);
    const startHour = r.int(9, 15);
    const endHour = startHour + r.int(2, 4);
    const startsAt = localHourToInstant(day, startHour, guide.timezone);
    const endsAt = localHourToInstant(day, endHour, guide.timezone);
    const currency: ReservationCurrency = language === 'tr' ? 'TRY' : 'USD';
    const price = computePrice({
      guideCurrency: guide.currency,
      hourlyRateMinor: guide.hourlyRateMinor,
      vehicleHourlyRateMinor: 0,
      totalHours: endHour - startHour,
      currency,
      rates,
    });
    const createdAt = new Date(startsAt.getTime() - r.int(3, 30) * DAY_MS);
    const id = uuidv7(createdAt);
    reservationRows.push({
      id,
      guideId: guide.id,
      guideUserId: guide.userId,
      touristId,
      cityId: guide.cityId,
      timezone: guide.timezone,
      startHour,
      endHour,
      startsAt,
      endsAt,
      meetingPoint: r.pick(MEETING_POINTS),
      contactPhone: `+90555${r.int(1_000_000, 9_999_999)}`,
      contactEmail: `traveller${r.int(1000, 9999)}@example.com`,
      ...price,
      status: 'completed',
      createdAt,
      updatedAt: endsAt,
    });
    slotRows.push({
      reservationId: id,
      guideId: guide.id,
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      startsAt,
      endsAt,
      holds: false,
    });
    if (!review) return;
    const reviewedAt = later(endsAt, r.int(2, 72) * HOUR_MS);
    const repliedAt = later(reviewedAt, r.int(1, 48) * HOUR_MS);
    reviewRows.push({
      id: uuidv7(reviewedAt),
      reservationId: id,
      guideId: guide.id,
      touristId,
      rating: review.rating,
      comment: review.comment,
      language: review.comment ? review.language : null,
      reply: review.reply,
      replyLanguage: review.reply ? review.replyLanguage : null,
      repliedAt: review.reply ? repliedAt : null,
      createdAt: reviewedAt,
    });
  };

  const today = Math.floor(now.getTime() / DAY_MS);
  for (const guide of seeded) {
    const firstDay = Math.floor(guide.createdAt.getTime() / DAY_MS) + 1;
    const lastDay = today - 2;
    if (lastDay - firstDay < 7) continue;
    // About one guide in seven is new on Marco: no reviews yet.
    const count = r.next() < 0.15 ? 0 : 1 + Math.floor(r.next() ** 1.6 * 14);
    const tier = pickTier(r);
    const days = new Set<number>();
    // Tours lean towards the last months, as on a marketplace that grows: about half of a
    // year-old guide's fall in the last 90 days, the window a response rate reads.
    const span = lastDay - firstDay + 1;
    while (days.size < Math.min(count, lastDay - firstDay)) days.add(lastDay - Math.floor(r.next() ** 2 * span));
    for (const day of days) {
      const traveller = r.pick(travellers);
      const rating = r.pick(tier.ratings);
      const pool = COMMENTS[traveller.language] ?? (COMMENTS.en as NonNullable<(typeof COMMENTS)['en']>);
      const templates = rating >= 4 ? pool.good : rating === 3 ? pool.mixed : pool.poor;
      const comment = r.next() < 0.12 ? '' : fill(r.pick(templates), guide, traveller.language);
      const language = COMMENTS[traveller.language] ? traveller.language : 'en';
      const replyLanguage = guide.languages.has(traveller.language) ? traveller.language : 'en';
      const replies = (COMMENTS[replyLanguage] ?? (COMMENTS.en as NonNullable<(typeof COMMENTS)['en']>)).replies;
      const reply = comment && r.next() < 0.35 ? fill(r.pick(replies), guide, replyLanguage) : null;
      tour(guide, traveller.id, traveller.language, day, {
        rating,
        comment,
        reply,
        language,
        replyLanguage: COMMENTS[replyLanguage] ? replyLanguage : 'en',
      });
    }
  }

  if (options.demoTravellerId && !(await hasReservations(db, options.demoTravellerId))) {
    const demoGuide = seeded.find((guide) => guide.userId === options.demoGuideUserId) ?? seeded[0];
    const others = seeded.filter((guide) => guide !== demoGuide);
    const english = COMMENTS.en as NonNullable<(typeof COMMENTS)['en']>;
    if (demoGuide) {
      tour(demoGuide, options.demoTravellerId, 'en', freeDay(demoGuide, today - 20), {
        rating: 5,
        comment: fill(english.good[2] as string, demoGuide, 'en'),
        reply: null,
        language: 'en',
        replyLanguage: 'en',
      });
      // Ended yesterday and not rated yet: the traveller can try the rating dialog.
      tour(demoGuide, options.demoTravellerId, 'en', freeDay(demoGuide, today - 1), null);
    }
    const other = others[0];
    if (other) {
      tour(other, options.demoTravellerId, 'en', freeDay(other, today - 45), {
        rating: 4,
        comment: fill(english.good[8] as string, other, 'en'),
        reply: fill(english.replies[1] as string, other, 'en'),
        language: 'en',
        replyLanguage: 'en',
      });
    }
  }

  await insertChunked(reservationRows, (chunk) => db.insert(reservations).values(chunk));
  await insertChunked(slotRows, (chunk) => db.insert(reservationSlots).values(chunk));
  await insertChunked(reviewRows, (chunk) => db.insert(reviews).values(chunk));
  await seedDemoAnswers(db, reservationRows, now);
  for (let start = 0; start < seeded.length; start += 5000) {
    const ids = seeded.slice(start, start + 5000).map((guide) => guide.id);
    await db.execute(sql`
      update guides g
         set rating = s.average, review_count = s.total
        from (select guide_id, round(avg(rating)::numeric, 1) as average, count(*)::int as total
                from reviews where guide_id in ${sql`(${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`}
               group by guide_id) s
       where g.id = s.guide_id`);
  }
  return { reviews: reviewRows.length };
}

async function hasReservations(db: Db, touristId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.touristId, touristId))
    .limit(1);
  return Boolean(row);
}

const MEETING_POINTS = [
  'Main entrance of the central station',
  'In front of the old town hall',
  'Hotel lobby',
  'At the fountain on the main square',
  'Tourist information office',
  'Ferry pier, ticket hall',
];
