import { canonicalTimezone } from '@marco/contract/accounts';
import {
  GUIDE_STEP_COUNT,
  GUIDE_STEPS,
  type GuideApplicationState,
  type GuideStatus,
  type GuideStep,
  type MyGuide,
  type UpdateMyGuide,
} from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import {
  cities,
  countries,
  guideBankAccounts,
  guideFiles,
  guideIdVerifications,
  guideLanguages,
  guides,
  guideWorkPlans,
  states,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { isVerifiedStaff } from '../staff/staff-guard.js';

export type GuideRow = typeof guides.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Staff who passed the second factor see applications and private documents (issue 18). */
export const isStaff = (user: AuthUser | null) => isVerifiedStaff(user);
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function findGuideByUser(db: Db, userId: string): Promise<GuideRow | null> {
  const [row] = await db.select().from(guides).where(eq(guides.userId, userId));
  return row ?? null;
}

/** A guide by its id or its user's id (any status), whose user still exists. */
export async function findGuideByAnyId(db: Db, id: string): Promise<GuideRow | null> {
  const [row] = await db
    .select({ guide: guides })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(or(eq(guides.id, id), eq(guides.userId, id)), isNull(users.deletedAt)));
  return row?.guide ?? null;
}

export const isPublicGuide = (guide: GuideRow) => guide.status === 'approved' && guide.isActive;

/** The caller's guide profile, created as a draft application when missing (time zone: the user's). */
export async function ensureGuide(deps: Deps, userId: string): Promise<GuideRow> {
  const existing = await findGuideByUser(deps.db, userId);
  if (existing) return existing;
  const [user] = await deps.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  const now = deps.clock.now();
  await deps.db
    .insert(guides)
    .values({ userId, timezone: user.timezone, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const created = await findGuideByUser(deps.db, userId);
  if (!created) throw new Error('guide insert returned no row');
  return created;
}

/**
 * Runs `work` in a transaction that first locks the guide's row, so writes of one guide that
 * keep a rule over several of its rows (one cover photo, one primary language, one intro video,
 * at most N files, a list replaced whole) take turns: each sees what the one before committed,
 * instead of two claiming the same place and the second breaking a unique index. NO KEY UPDATE
 * leaves inserts that only reference the guide (their foreign key check) unblocked.
 */
export async function withGuideLocked<T>(db: Db, guideId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: guides.id }).from(guides).where(eq(guides.id, guideId)).for('no key update');
    return work(tx);
  });
}

/** The caller's guide or 404 GUIDE_NOT_FOUND (for reads that must not create one). */
export async function getOwnGuideOrThrow(db: Db, userId: string): Promise<GuideRow> {
  const guide = await findGuideByUser(db, userId);
  if (!guide) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  return guide;
}

/**
 * `{id}` of a call that changes the caller's guide: the caller's own user id (the draft is
 * created when missing) or own guide id. Anything else is refused with 403.
 */
export async function resolveOwnGuide(deps: Deps, user: AuthUser, id: string): Promise<GuideRow> {
  if (id === user.id) return ensureGuide(deps, user.id);
  const guide = await findGuideByUser(deps.db, user.id);
  if (guide && guide.id === id) return guide;
  throw new AppError('FORBIDDEN', 'You can only change your own guide profile');
}

/**
 * A guide a caller may read by `{id}` (guide id or user id): approved and active guides for
 * everyone; any status for the owner and staff. Otherwise 404 GUIDE_NOT_FOUND.
 */
export async function getReadableGuide(db: Db, viewer: AuthUser | null, id: string): Promise<GuideRow> {
  const guide = await findGuideByAnyId(db, id);
  if (guide && (isPublicGuide(guide) || guide.userId === viewer?.id || isStaff(viewer))) return guide;
  throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
}

/** Steps whose data is still missing before an application can be submitted (intro video and certificate are optional). */
export async function listMissingSteps(db: Db, guide: GuideRow): Promise<GuideStep[]> {
  const [counts] = await db
    .select({
      primaryLanguages: sql<number>`(select count(*) from ${guideLanguages} where ${guideLanguages.guideId} = ${guide.id} and ${guideLanguages.isPrimary})::int`,
      plans: sql<number>`(select count(*) from ${guideWorkPlans} where ${guideWorkPlans.guideId} = ${guide.id})::int`,
      photos: sql<number>`(select count(*) from ${guideFiles} where ${guideFiles.guideId} = ${guide.id} and ${guideFiles.kind} = 'photo')::int`,
      identityDocs: sql<number>`(select count(*) from ${guideFiles} where ${guideFiles.guideId} = ${guide.id} and ${guideFiles.kind} = 'identity')::int`,
      idVerification: sql<number>`(select count(*) from ${guideIdVerifications} where ${guideIdVerifications.guideId} = ${guide.id})::int`,
      bank: sql<number>`(select count(*) from ${guideBankAccounts} where ${guideBankAccounts.guideId} = ${guide.id})::int`,
    })
    .from(sql`(select 1) as one`);
  const missing = new Set<GuideStep>();
  if (!guide.countryId || !guide.cityId) missing.add('basic_info');
  if (!counts?.primaryLanguages) missing.add('languages_certificate');
  if (!counts?.plans) missing.add('schedule');
  if (!counts?.photos) missing.add('photo');
  if (!counts?.identityDocs || !counts.idVerification) missing.add('identity_verification');
  // The hourly rate is asked with the bank details (settings: "hourly rate and bank info").
  if (!counts?.bank || guide.hourlyRateMinor === null) missing.add('bank_info');
  return GUIDE_STEPS.filter((step) => missing.has(step));
}

export async function toApplicationState(db: Db, guide: GuideRow): Promise<GuideApplicationState> {
  return {
    guideId: guide.id,
    status: guide.status as GuideStatus,
    isActive: guide.isActive,
    stage: guide.stage,
    rejectionReason: guide.rejectionReason,
    suspensionReason: guide.suspensionReason,
    submittedAt: iso(guide.submittedAt),
    reviewedAt: iso(guide.reviewedAt),
    missing: await listMissingSteps(db, guide),
  };
}

// -- Stage --------------------------------------------------------------------------------

export async function getGuideStage(db: Db, userId: string) {
  const guide = await findGuideByUser(db, userId);
  return {
    guideId: guide?.id ?? null,
    status: (guide?.status as GuideStatus | undefined) ?? null,
    stage: guide?.stage ?? 0,
    steps: [...GUIDE_STEPS],
  };
}

/** Records step `stage` as completed; the stored stage only moves forward. */
export async function updateGuideStage(deps: Deps, user: AuthUser, id: string, stage: number) {
  const guide = await resolveOwnGuide(deps, user, id);
  await deps.db
    .update(guides)
    .set({ stage: sql`greatest(${guides.stage}, ${stage})`, updatedAt: deps.clock.now() })
    .where(eq(guides.id, guide.id));
  return getGuideStage(deps.db, user.id);
}

// -- Status (the guide's own call) ----------------------------------------------------------

export async function updateGuideStatus(
  deps: Deps,
  userId: string,
  action: 'submitted' | 'active' | 'inactive',
): Promise<GuideApplicationState> {
  const guide = action === 'submitted' ? await ensureGuide(deps, userId) : await getOwnGuideOrThrow(deps.db, userId);
  const now = deps.clock.now();
  if (action === 'submitted') {
    if (guide.status !== 'draft' && guide.status !== 'rejected') {
      throw new AppError('INVALID_STATE', `An application that is ${guide.status} cannot be submitted`);
    }
    const missing = await listMissingSteps(deps.db, guide);
    if (missing.length) {
      throw new AppError('INVALID_STATE', `Complete these steps first: ${missing.join(', ')}`, { missing });
    }
    const [updated] = await deps.db
      .update(guides)
      .set({ status: 'submitted', stage: GUIDE_STEP_COUNT, submittedAt: now, rejectionReason: null, updatedAt: now })
      .where(and(eq(guides.id, guide.id), sql`${guides.status} in ('draft', 'rejected')`))
      .returning();
    if (!updated) throw new AppError('INVALID_STATE', 'The application changed meanwhile');
    return toApplicationState(deps.db, updated);
  }
  if (guide.status !== 'approved') {
    throw new AppError('INVALID_STATE', 'Only an approved guide can switch the profile on or off');
  }
  const [updated] = await deps.db
    .update(guides)
    .set({ isActive: action === 'active', updatedAt: now })
    .where(and(eq(guides.id, guide.id), eq(guides.status, 'approved')))
    .returning();
  if (!updated) throw new AppError('INVALID_STATE', 'The application changed meanwhile');
  return toApplicationState(deps.db, updated);
}

export async function isUserGuide(db: Db, userId: string) {
  const guide = await findGuideByUser(db, userId);
  return {
    isGuide: guide?.status === 'approved',
    guideId: guide?.id ?? null,
    status: (guide?.status as GuideStatus | undefined) ?? null,
    isActive: guide ? guide.isActive : false,
  };
}

// -- Own profile (basic info) ----------------------------------------------------------------

const placeRef = (row: { id: string; code: string; names: Record<Locale, string> } | null, locale: Locale) =>
  row ? { id: row.id, code: row.code, name: row.names[locale] } : null;

/** Country and city of a guide as `{ id, code, name }` (a city's code is its key). */
export async function loadPlaces(db: Db, guide: Pick<GuideRow, 'countryId' | 'cityId'>, locale: Locale) {
  const [country] = guide.countryId
    ? await db
        .select({ id: countries.id, code: countries.code, names: countries.names })
        .from(countries)
        .where(eq(countries.id, guide.countryId))
    : [];
  const [city] = guide.cityId
    ? await db
        .select({ id: cities.id, code: cities.key, names: cities.names })
        .from(cities)
        .where(eq(cities.id, guide.cityId))
    : [];
  return { country: placeRef(country ?? null, locale), city: placeRef(city ?? null, locale) };
}

export async function toMyGuide(db: Db, guide: GuideRow, locale: Locale): Promise<MyGuide> {
  const [state, places] = await Promise.all([toApplicationState(db, guide), loadPlaces(db, guide, locale)]);
  return {
    ...state,
    userId: guide.userId,
    about: guide.about,
    aboutLanguage: guide.aboutLanguage,
    ...places,
    stateId: guide.stateId,
    street: guide.street,
    timezone: guide.timezone,
    hourlyRateMinor: guide.hourlyRateMinor,
    currency: guide.currency as CurrencyCode | null,
    rating: guide.rating,
    reviewCount: guide.reviewCount,
    verified: guide.verified,
    certificated: guide.certificated,
    createdAt: guide.createdAt.toISOString(),
    updatedAt: guide.updatedAt.toISOString(),
  };
}

/** The caller's guide profile; null before they apply, a normal state for most members. */
export async function getMyGuide(db: Db, userId: string, locale: Locale) {
  const guide = await findGuideByUser(db, userId);
  return guide ? toMyGuide(db, guide, locale) : null;
}

/** Step 1 / "about me": only the fields present change; the city must be in the country. */
export async function updateMyGuide(
  deps: Deps,
  userId: string,
  input: UpdateMyGuide,
  locale: Locale,
  /** The writer's language (see writtenLanguage), stored with a new `about`. */
  language: string | null = null,
) {
  const guide = await ensureGuide(deps, userId);
  const changes: Partial<typeof guides.$inferInsert> = {};
  if (input.about !== undefined) {
    changes.about = input.about || null;
    changes.aboutLanguage = changes.about ? language : null;
  }
  if (input.street !== undefined) changes.street = input.street || null;
  if (input.timezone !== undefined) {
    const zone = canonicalTimezone(input.timezone);
    if (!zone) throw fieldError('VALIDATION_FAILED', 'body.timezone', 'Valid time zone required');
    changes.timezone = zone;
  }
  const countryId = input.countryId !== undefined ? input.countryId : guide.countryId;
  const stateId = input.stateId !== undefined ? input.stateId : guide.stateId;
  const cityId = input.cityId !== undefined ? input.cityId : guide.cityId;
  if (input.countryId !== undefined) changes.countryId = input.countryId;
  if (input.stateId !== undefined) changes.stateId = input.stateId;
  if (input.cityId !== undefined) changes.cityId = input.cityId;
  if (countryId) {
    const [country] = await deps.db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!country) throw fieldError('VALIDATION_FAILED', 'body.countryId', 'Unknown country');
  }
  if (stateId) {
    const [state] = await deps.db.select({ countryId: states.countryId }).from(states).where(eq(states.id, stateId));
    if (!state || state.countryId !== countryId) {
      throw fieldError('VALIDATION_FAILED', 'body.stateId', 'Unknown state for this country');
    }
  }
  if (cityId) {
    const [city] = await deps.db
      .select({ countryId: cities.countryId, timezone: cities.timezone })
      .from(cities)
      .where(eq(cities.id, cityId));
    if (!city || city.countryId !== countryId) {
      throw fieldError('VALIDATION_FAILED', 'body.cityId', 'Unknown city for this country');
    }
    // A guide who picks a city without naming a zone works in the city's zone.
    if (input.cityId !== undefined && input.timezone === undefined) changes.timezone = city.timezone;
  }
  const [updated] = await deps.db
    .update(guides)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(eq(guides.id, guide.id))
    .returning();
  if (!updated) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  return toMyGuide(deps.db, updated, locale);
}
