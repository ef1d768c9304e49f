import { TZDate, tzOffset } from '@date-fns/tz';
import type { WorkPlanType } from '@marco/contract/guides';
// The function's own module: the package's index loads all of date-fns (about 12 MB resident).
import { format } from 'date-fns/format';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guideFreeDates, guides, guideWorkPlans } from '../../db/schema/index.js';

/*
 * "Which hours is this guide available between two instants": the work schedule and the
 * free dates, read in the guide's time zone, minus the intervals held by reservations.
 * `computeAvailableHours` is the pure part (unit-tested across zones and DST changes);
 * `getAvailableHours` loads the guide's rules and the held intervals and calls it.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A half-open interval [start, end) of instants. */
export interface Interval {
  start: Date;
  end: Date;
}

/** A plan of the work schedule (see WorkPlanSchema in the contract). */
export interface PlanRule {
  planType: WorkPlanType;
  startHour: number;
  endHour: number;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  weekdays: number[];
  repeatEveryWeeks: number;
  dayOfMonth: number | null;
  /** YYYY-MM-DD. */
  date: string | null;
  startsOn: string | null;
  endsOn: string | null;
}

export interface FreeDateRule {
  date: string;
  startHour: number;
  endHour: number;
}

export interface AvailabilityRules {
  timezone: string;
  plans: PlanRule[];
  freeDates: FreeDateRule[];
}

/**
 * Where the intervals a guide is already booked for come from. The reservations context
 * provides the real source (active reservations); until then nothing is held.
 */
export interface HeldIntervalsSource {
  listHeldIntervals(db: Db, guideId: string, fromUtc: Date, toUtc: Date): Promise<Interval[]>;
}

export const noHeldIntervals: HeldIntervalsSource = {
  async listHeldIntervals() {
    return [];
  },
};

let defaultHeldIntervals: HeldIntervalsSource = noHeldIntervals;

/** Makes `source` the one getAvailableHours uses when none is passed (the reservations module calls this once). */
export function registerHeldIntervalsSource(source: HeldIntervalsSource): void {
  defaultHeldIntervals = source;
}

// -- Calendar arithmetic on day numbers (days since 1970-01-01), no time zone involved ----

const dayNumberOf = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const partsOfDay = (day: number) => {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), dayOfMonth: date.getUTCDate() };
};
/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
const isoWeekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
const mondayOf = (day: number) => day - (isoWeekdayOf(day) - 1);

/** The calendar day (day number) an instant falls on in `timezone`. */
function localDayOf(instant: Date, timezone: string): number {
  const local = new TZDate(instant.getTime(), timezone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY_MS;
}

/**
 * The first instant at which the wall clock in `timezone` shows at least `hour`:00 on
 * `day` (hour 24 is the next midnight). In a spring-forward gap that is the moment of the
 * change; when the hour happens twice (autumn) it is its first occurrence.
 */
export function localHourToInstant(day: number, hour: number, timezone: string): Date {
  // Pure and called for every working stretch of every day: search precomputes availability
  // for many guides sharing a few zones, so remember recent answers (bounded).
  const key = `${timezone}|${day}|${hour}`;
  const known = instantCache.get(key);
  if (known !== undefined) return new Date(known);
  if (instantCache.size >= INSTANT_CACHE_MAX) instantCache.clear();
  const instant = instantOfLocalHour(day, hour, timezone);
  instantCache.set(key, instant.getTime());
  return instant;
}

const INSTANT_CACHE_MAX = 100_000;
const instantCache = new Map<string, number>();

function instantOfLocalHour(day: number, hour: number, timezone: string): Date {
  const { year, month, dayOfMonth } = partsOfDay(day);
  const naive = Date.UTC(year, month, dayOfMonth, hour);
  const offsets = new Set([
    tzOffset(timezone, new Date(naive - DAY_MS / 2)),
    tzOffset(timezone, new Date(naive + DAY_MS / 2)),
  ]);
  const exact = [...offsets]
    .map((offset) => naive - offset * 60_000)
    .filter((candidate) => naive - tzOffset(timezone, new Date(candidate)) * 60_000 === candidate);
  if (exact.length) return new Date(Math.min(...exact));
  // A gap: the wall clock jumps over `hour`; the change happens when the earlier offset ends.
  const before = Math.min(...offsets);
  return new Date(naive - Math.max(...offsets) * 60_000 + (Math.max(...offsets) - before) * 60_000);
}

function appliesOn(plan: PlanRule, day: number): boolean {
  if (plan.planType === 'special') return plan.date !== null && dayNumberOf(plan.date) === day;
  if (plan.startsOn && day < dayNumberOf(plan.startsOn)) return false;
  if (plan.endsOn && day > dayNumberOf(plan.endsOn)) return false;
  switch (plan.planType) {
    case 'daily':
      return true;
    case 'weekly': {
      if (!plan.weekdays.includes(isoWeekdayOf(day))) return false;
      if (plan.repeatEveryWeeks <= 1) return true;
      const anchor = plan.startsOn ? mondayOf(dayNumberOf(plan.startsOn)) : mondayOf(day);
      const weeks = (mondayOf(day) - anchor) / 7;
      return weeks >= 0 && weeks % plan.repeatEveryWeeks === 0;
    }
    case 'monthly':
      return partsOfDay(day).dayOfMonth === plan.dayOfMonth;
    default:
      return false;
  }
}

/** The local hours (bit h set = hour h..h+1) the rules make available on `day`. */
function hoursOn(rules: AvailabilityRules, day: number): boolean[] {
  const hours = new Array<boolean>(24).fill(false);
  const mark = (start: number, end: number) => {
    for (let hour = Math.max(0, start); hour < Math.min(24, end); hour += 1) hours[hour] = true;
  };
  for (const plan of rules.plans) if (appliesOn(plan, day)) mark(plan.startHour, plan.endHour);
  for (const free of rules.freeDates) if (dayNumberOf(free.date) === day) mark(free.startHour, free.endHour);
  return hours;
}

/**
 * Pure: the one-hour slots (UTC instants, sorted) fully inside [fromUtc, toUtc) in which
 * the rules make the guide available and no held interval overlaps. Consecutive local
 * hours form one working stretch measured in real time, so a stretch across a DST change
 * has one hour fewer (spring) or more (autumn) than its wall-clock length.
 */
export function computeAvailableHours(
  rules: AvailabilityRules,
  fromUtc: Date,
  toUtc: Date,
  held: Interval[] = [],
): Interval[] {
  const from = fromUtc.getTime();
  const to = toUtc.getTime();
  if (!(to > from)) return [];
  const slots: Interval[] = [];
  const firstDay = localDayOf(fromUtc, rules.timezone) - 1;
  const lastDay = localDayOf(toUtc, rules.timezone) + 1;
  for (let day = firstDay; day <= lastDay; day += 1) {
    const hours = hoursOn(rules, day);
    let hour = 0;
    while (hour < 24) {
      if (!hours[hour]) {
        hour += 1;
        continue;
      }
      let end = hour;
      while (end < 24 && hours[end]) end += 1;
      const stretchStart = localHourToInstant(day, hour, rules.timezone).getTime();
      const stretchEnd = localHourToInstant(day, end, rules.timezone).getTime();
      for (let start = stretchStart; start + HOUR_MS <= stretchEnd; start += HOUR_MS) {
        if (start < from || start + HOUR_MS > to) continue;
        const isHeld = held.some(
          (interval) => interval.start.getTime() < start + HOUR_MS && interval.end.getTime() > start,
        );
        if (!isHeld) slots.push({ start: new Date(start), end: new Date(start + HOUR_MS) });
      }
      hour = end;
    }
  }
  // A stretch ending at 24:00 and the next day's starting at 00:00 never overlap; sort for safety.
  slots.sort((a, b) => a.start.getTime() - b.start.getTime());
  return slots.filter((slot, index) => index === 0 || slot.start.getTime() !== slots[index - 1]?.start.getTime());
}

/** The guide's calendar date today (YYYY-MM-DD) in their zone. */
export const localDateOf = (instant: Date, timezone: string) =>
  format(new TZDate(instant.getTime(), timezone), 'yyyy-MM-dd');

/** Loads a guide's time zone, plans and free dates (only the free dates near the window). */
export async function loadAvailabilityRules(
  db: Db,
  guideId: string,
  fromUtc: Date,
  toUtc: Date,
): Promise<AvailabilityRules | null> {
  const [guide] = await db.select({ timezone: guides.timezone }).from(guides).where(eq(guides.id, guideId));
  if (!guide) return null;
  const fromDate = localDateOf(new Date(fromUtc.getTime() - DAY_MS), guide.timezone);
  const toDate = localDateOf(new Date(toUtc.getTime() + DAY_MS), guide.timezone);
  const [plans, freeDates] = await Promise.all([
    db.select().from(guideWorkPlans).where(eq(guideWorkPlans.guideId, guideId)),
    db
      .select({ date: guideFreeDates.date, startHour: guideFreeDates.startHour, endHour: guideFreeDates.endHour })
      .from(guideFreeDates)
      .where(
        and(eq(guideFreeDates.guideId, guideId), gte(guideFreeDates.date, fromDate), lte(guideFreeDates.date, toDate)),
      ),
  ]);
  return {
    timezone: guide.timezone,
    plans: plans.map((plan) => ({
      planType: plan.planType as WorkPlanType,
      startHour: plan.startHour,
      endHour: plan.endHour,
      weekdays: plan.weekdays,
      repeatEveryWeeks: plan.repeatEveryWeeks,
      dayOfMonth: plan.dayOfMonth,
      date: plan.date,
      startsOn: plan.startsOn,
      endsOn: plan.endsOn,
    })),
    freeDates,
  };
}

/**
 * The one-hour slots guide `guideId` is available in between two instants: schedule ∪
 * free dates − held intervals (from `options.held`, else the registered source, else none).
 * Answers [] for an unknown guide. Search and reservations call this.
 */
export async function getAvailableHours(
  db: Db,
  guideId: string,
  fromUtc: Date,
  toUtc: Date,
  options: { held?: HeldIntervalsSource } = {},
): Promise<Interval[]> {
  const rules = await loadAvailabilityRules(db, guideId, fromUtc, toUtc);
  if (!rules) return [];
  const held = await (options.held ?? defaultHeldIntervals).listHeldIntervals(db, guideId, fromUtc, toUtc);
  return computeAvailableHours(rules, fromUtc, toUtc, held);
}
