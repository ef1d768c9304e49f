import { canonicalTimezone } from '@marco/contract/accounts';
import type {
  CreateFreeDate,
  FreeDate,
  FreeDateList,
  WorkPlan,
  WorkPlanInput,
  WorkPlanType,
  WorkSchedule,
} from '@marco/contract/guides';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideFreeDates, guides, guideWorkPlans } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { localDateOf } from './availability.js';
import { ensureGuide, findGuideByUser, type GuideRow, getOwnGuideOrThrow, withGuideLocked } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type PlanRow = typeof guideWorkPlans.$inferSelect;

const MAX_PLANS = 100;
const MAX_FREE_DATES = 400;

const toWorkPlan = (row: PlanRow): WorkPlan => ({
  id: row.id,
  planType: row.planType as WorkPlanType,
  startHour: row.startHour,
  endHour: row.endHour,
  weekdays: row.weekdays,
  repeatEveryWeeks: row.repeatEveryWeeks,
  dayOfMonth: row.dayOfMonth,
  date: row.date,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The stored shape of a plan: fields that do not belong to its type are dropped, and a
 * weekly plan repeating every n > 1 weeks is anchored to the guide's current week when it
 * names no start date.
 */
function planValues(guide: GuideRow, input: WorkPlanInput, now: Date) {
  const type = input.planType;
  const repeat = type === 'weekly' ? (input.repeatEveryWeeks ?? 1) : 1;
  const ranged = type !== 'special';
  return {
    planType: type,
    startHour: input.startHour,
    endHour: input.endHour,
    weekdays: type === 'weekly' ? [...new Set(input.weekdays ?? [])].sort((a, b) => a - b) : [],
    repeatEveryWeeks: repeat,
    dayOfMonth: type === 'monthly' ? (input.dayOfMonth ?? null) : null,
    date: type === 'special' ? (input.date ?? null) : null,
    startsOn: ranged ? (input.startsOn ?? (repeat > 1 ? localDateOf(now, guide.timezone) : null)) : null,
    endsOn: ranged ? (input.endsOn ?? null) : null,
  };
}

export async function listWorkPlans(db: Db, guide: GuideRow): Promise<WorkSchedule> {
  const rows = await db
    .select()
    .from(guideWorkPlans)
    .where(eq(guideWorkPlans.guideId, guide.id))
    .orderBy(asc(guideWorkPlans.createdAt), asc(guideWorkPlans.id));
  return { guideId: guide.id, timezone: guide.timezone, data: rows.map(toWorkPlan) };
}

export async function listOwnWorkPlans(deps: Deps, userId: string): Promise<WorkSchedule> {
  return listWorkPlans(deps.db, await ensureGuide(deps, userId));
}

export async function createWorkPlan(deps: Deps, userId: string, input: WorkPlanInput): Promise<WorkPlan> {
  const guide = await ensureGuide(deps, userId);
  const now = deps.clock.now();
  // Counted and added under the guide's lock, so plans added together cannot pass the limit.
  const row = await withGuideLocked(deps.db, guide.id, async (tx) => {
    if ((await tx.$count(guideWorkPlans, eq(guideWorkPlans.guideId, guide.id))) >= MAX_PLANS) {
      throw new AppError('INVALID_STATE', `At most ${MAX_PLANS} plans`);
    }
    const [inserted] = await tx
      .insert(guideWorkPlans)
      .values({ guideId: guide.id, ...planValues(guide, input, now), createdAt: now })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('plan insert returned no row');
  return toWorkPlan(row);
}

export async function updateWorkPlan(deps: Deps, userId: string, planId: string, input: WorkPlanInput) {
  const guide = await findGuideByUser(deps.db, userId);
  const [row] = guide
    ? await deps.db
        .update(guideWorkPlans)
        .set(planValues(guide, input, deps.clock.now()))
        .where(and(eq(guideWorkPlans.id, planId), eq(guideWorkPlans.guideId, guide.id)))
        .returning()
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'Plan not found');
  return toWorkPlan(row);
}

export async function deleteWorkPlan(db: Db, userId: string, planId: string): Promise<void> {
  const guide = await findGuideByUser(db, userId);
  const deleted = guide
    ? await db
        .delete(guideWorkPlans)
        .where(and(eq(guideWorkPlans.id, planId), eq(guideWorkPlans.guideId, guide.id)))
        .returning({ id: guideWorkPlans.id })
    : [];
  if (!deleted.length) throw new AppError('NOT_FOUND', 'Plan not found');
}

/** Replaces every plan of the caller at once (and optionally the time zone). */
export async function replaceWorkSchedule(
  deps: Deps,
  userId: string,
  input: { timezone?: string; plans: WorkPlanInput[] },
): Promise<WorkSchedule> {
  let guide = await ensureGuide(deps, userId);
  const now = deps.clock.now();
  if (input.timezone !== undefined) {
    const zone = canonicalTimezone(input.timezone);
    if (!zone) throw fieldError('VALIDATION_FAILED', 'body.timezone', 'Valid time zone required');
    guide = { ...guide, timezone: zone };
  }
  // Schedules sent together replace one another whole, in turn: the last one stays, not a mix.
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    if (input.timezone !== undefined) {
      await tx.update(guides).set({ timezone: guide.timezone, updatedAt: now }).where(eq(guides.id, guide.id));
    }
    await tx.delete(guideWorkPlans).where(eq(guideWorkPlans.guideId, guide.id));
    if (input.plans.length) {
      await tx.insert(guideWorkPlans).values(
        // One millisecond apart, so the plans list in the order they were sent.
        input.plans.map((plan, index) => ({
          guideId: guide.id,
          ...planValues(guide, plan, now),
          createdAt: new Date(now.getTime() + index),
        })),
      );
    }
  });
  return listWorkPlans(deps.db, guide);
}

// -- Free dates ----------------------------------------------------------------------------

const toFreeDate = (row: typeof guideFreeDates.$inferSelect): FreeDate => ({
  id: row.id,
  date: row.date,
  startHour: row.startHour,
  endHour: row.endHour,
  createdAt: row.createdAt.toISOString(),
});

export async function createFreeDate(deps: Deps, userId: string, input: CreateFreeDate): Promise<FreeDate> {
  const guide = await ensureGuide(deps, userId);
  const row = await withGuideLocked(deps.db, guide.id, async (tx) => {
    if ((await tx.$count(guideFreeDates, eq(guideFreeDates.guideId, guide.id))) >= MAX_FREE_DATES) {
      throw new AppError('INVALID_STATE', `At most ${MAX_FREE_DATES} free dates`);
    }
    const [inserted] = await tx
      .insert(guideFreeDates)
      .values({
        guideId: guide.id,
        date: input.date,
        startHour: input.startHour ?? 0,
        endHour: input.endHour ?? 24,
        createdAt: deps.clock.now(),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('free date insert returned no row');
  return toFreeDate(row);
}

/** Free dates of a guide within [from, to] (dates inclusive, either bound optional). */
export async function listFreeDates(
  db: Db,
  guide: GuideRow,
  range: { from?: string; to?: string },
): Promise<FreeDateList> {
  const rows = await db
    .select()
    .from(guideFreeDates)
    .where(
      and(
        eq(guideFreeDates.guideId, guide.id),
        range.from ? gte(guideFreeDates.date, range.from) : undefined,
        range.to ? lte(guideFreeDates.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(guideFreeDates.date), asc(guideFreeDates.startHour));
  return { guideId: guide.id, timezone: guide.timezone, data: rows.map(toFreeDate) };
}

export async function listOwnFreeDates(deps: Deps, userId: string, range: { from?: string; to?: string }) {
  return listFreeDates(deps.db, await ensureGuide(deps, userId), range);
}

export async function deleteFreeDate(db: Db, userId: string, id: string): Promise<void> {
  const guide = await getOwnGuideOrThrow(db, userId).catch(() => null);
  const deleted = guide
    ? await db
        .delete(guideFreeDates)
        .where(and(eq(guideFreeDates.id, id), eq(guideFreeDates.guideId, guide.id)))
        .returning({ id: guideFreeDates.id })
    : [];
  if (!deleted.length) throw new AppError('NOT_FOUND', 'Free date not found');
}
