import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';
import { type AvailabilityRules, computeAvailableHours, localHourToInstant } from '../guides/availability.js';

/*
 * The search availability index (table guide_search_availability, migration set `search`):
 * per guide, for SEARCH_AVAILABILITY_DAYS local days from `first_day`, the start of the
 * day's last free hour (minutes since the epoch, 0 when the day has none), computed by
 * `computeAvailableHours` of the guides module, so search and the guide's calendar never
 * disagree. A date-range search keeps a guide when the greatest value over its days is not
 * before now: days already over (in the guide's zone) hold values before now, later days
 * values after it, and today's value says whether an hour is left.
 *
 * Triggers clear a guide's row when its plans, free dates or time zone change; search
 * refreshes the rows it meets cleared or too old, and the scheduled job refreshes the rest
 * (new public guides, and every row once a day as the window moves on).
 */

export const SEARCH_AVAILABILITY_DAYS = 90;
const DAY_MS = 86_400_000;
const BATCH = 500;

export const utcDayOf = (instant: Date) => Math.floor(instant.getTime() / DAY_MS);
export const dayNumberOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The first day of a window computed at `now`: yesterday in UTC, which is on or before the
 * local date in every zone (UTC−12 … UTC+14), so days before it are over everywhere.
 */
export const windowFirstDay = (now: Date) => utcDayOf(now) - 1;

/** Whether a search range ending on `dateTo` fits inside windows computed at `now`. */
export const fitsWindow = (dateTo: string, now: Date) =>
  dayNumberOf(dateTo) <= windowFirstDay(now) + SEARCH_AVAILABILITY_DAYS - 1;

/** Minutes since the epoch of the earliest slot start a search at `now` may still offer. */
export const searchNowMinute = (now: Date) => Math.ceil(now.getTime() / 60_000);

/**
 * SQL over alias `s` (guide_search_availability, left-joined): the guide's row answers for
 * dateFrom..dateTo at `now` — computed, started no later than the window at `now`, and
 * reaching `dateTo`.
 */
export const rowCovers = (dateTo: string, now: Date): SQL =>
  sql`coalesce(s.ends is not null and s.first_day <= ${dateOfDay(windowFirstDay(now))}::date
        and s.first_day + (cardinality(s.ends) - 1) >= ${dateTo}::date, false)`;

/**
 * SQL over alias `s`: the guide has a free hour in dateFrom..dateTo not before now (row
 * covering). One subscript per day of the range (days before the window are over
 * everywhere), cheaper per row than aggregating a slice.
 */
export function rowHasFreeHour(dateFrom: string, dateTo: string, now: Date): SQL {
  const first = Math.max(dayNumberOf(dateFrom), windowFirstDay(now));
  const last = dayNumberOf(dateTo);
  if (last < first) return sql`false`;
  const nowMinute = searchNowMinute(now);
  const days = Array.from(
    { length: last - first + 1 },
    (_, index) => sql`s.ends[${dateOfDay(first + index)}::date - s.first_day + 1] >= ${nowMinute}`,
  );
  return sql`coalesce(${sql.join(days, sql` or `)}, false)`;
}

type PlanRow = {
  guide_id: string;
  plan_type: AvailabilityRules['plans'][number]['planType'];
  start_hour: number;
  end_hour: number;
  weekdays: number[] | string;
  repeat_every_weeks: number;
  day_of_month: number | null;
  date: string | null;
  starts_on: string | null;
  ends_on: string | null;
};

const toDateString = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

const parseSmallintArray = (value: number[] | string): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : value
        .replace(/[{}]/g, '')
        .split(',')
        .filter((part) => part !== '')
        .map(Number);

export const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** Availability rules of `guides` (plans, and free dates between the two dates), in bulk. */
export async function loadRulesInBulk(
  db: Db,
  guides: Array<{ id: string; timezone: string }>,
  lowerDate: string,
  upperDate: string,
): Promise<Map<string, AvailabilityRules>> {
  const rules = new Map<string, AvailabilityRules>();
  if (!guides.length) return rules;
  for (const guide of guides) rules.set(guide.id, { timezone: guide.timezone, plans: [], freeDates: [] });
  const ids = idList(guides.map((guide) => guide.id));
  const [plans, freeDates] = await Promise.all([
    db.execute<PlanRow>(
      sql`select guide_id, plan_type, start_hour, end_hour, weekdays, repeat_every_weeks, day_of_month,
                 date::text as date, starts_on::text as starts_on, ends_on::text as ends_on
            from guide_work_plans where guide_id in ${ids}`,
    ),
    db.execute<{ guide_id: string; date: string; start_hour: number; end_hour: number }>(
      sql`select guide_id, date::text as date, start_hour, end_hour from guide_free_dates
           where guide_id in ${ids} and date between ${lowerDate}::date and ${upperDate}::date`,
    ),
  ]);
  for (const plan of plans.rows) {
    rules.get(plan.guide_id)?.plans.push({
      planType: plan.plan_type,
      startHour: Number(plan.start_hour),
      endHour: Number(plan.end_hour),
      weekdays: parseSmallintArray(plan.weekdays),
      repeatEveryWeeks: Number(plan.repeat_every_weeks),
      dayOfMonth: plan.day_of_month === null ? null : Number(plan.day_of_month),
      date: toDateString(plan.date),
      startsOn: toDateString(plan.starts_on),
      endsOn: toDateString(plan.ends_on),
    });
  }
  for (const free of freeDates.rows) {
    rules.get(free.guide_id)?.freeDates.push({
      date: toDateString(free.date) as string,
      startHour: Number(free.start_hour),
      endHour: Number(free.end_hour),
    });
  }
  return rules;
}

/**
 * Per local day firstDay … firstDay + days − 1: the start of its last free hour in minutes
 * since the epoch, 0 when it has none (an array without nulls: a subscript is direct).
 */
export function lastFreeHourPerDay(rules: AvailabilityRules, firstDay: number, days: number): number[] {
  const bounds = Array.from({ length: days + 1 }, (_, index) =>
    localHourToInstant(firstDay + index, 0, rules.timezone).getTime(),
  );
  const ends = new Array<number>(days).fill(0);
  const slots = computeAvailableHours(rules, new Date(bounds[0] as number), new Date(bounds[days] as number));
  let day = 0;
  for (const slot of slots) {
    const start = slot.start.getTime();
    while (day < days - 1 && start >= (bounds[day + 1] as number)) day += 1;
    ends[day] = start / 60_000;
  }
  return ends;
}

/**
 * Recomputes the rows of `guideIds` for the window at `now`. Each row is written only if
 * the guide's rules did not change since they were read (rules_version), so a concurrent
 * schedule edit is never overwritten with older results.
 */
export async function refreshSearchAvailability(db: Db, guideIds: string[], now: Date): Promise<number> {
  const firstDay = windowFirstDay(now);
  const lowerDate = dateOfDay(firstDay - 1);
  const upperDate = dateOfDay(firstDay + SEARCH_AVAILABILITY_DAYS);
  let written = 0;
  for (let index = 0; index < guideIds.length; index += BATCH) {
    const ids = guideIds.slice(index, index + BATCH);
    // The versions first, then the rules: a change after this read bumps the version.
    const guides = (
      await db.execute<{ id: string; timezone: string; rules_version: number | null }>(
        sql`select g.id, g.timezone, s.rules_version from guides g
              left join guide_search_availability s on s.guide_id = g.id where g.id in ${idList(ids)}`,
      )
    ).rows;
    const rules = await loadRulesInBulk(db, guides, lowerDate, upperDate);
    const rows = guides.map((guide) => ({
      guide_id: guide.id,
      version: guide.rules_version === null ? 0 : Number(guide.rules_version),
      ends: lastFreeHourPerDay(rules.get(guide.id) as AvailabilityRules, firstDay, SEARCH_AVAILABILITY_DAYS),
    }));
    if (!rows.length) continue;
    const result = await db.execute(sql`
      insert into guide_search_availability as s (guide_id, rules_version, first_day, ends, refreshed_at)
      select x.guide_id, x.version, ${dateOfDay(firstDay)}::date, x.ends, ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(guide_id uuid, version integer, ends integer[])
       where exists (select 1 from guides g where g.id = x.guide_id)
      on conflict (guide_id) do update
         set first_day = excluded.first_day, ends = excluded.ends, refreshed_at = excluded.refreshed_at
       where s.rules_version = excluded.rules_version`);
    written += result.rowCount ?? rows.length;
  }
  return written;
}

/**
 * Public guides whose row was cleared or is from a window before the one at `now` (oldest
 * first), at most `limit`. Guides without a row have no plan nor free date yet (the
 * triggers create one on the first); a date search writes theirs.
 */
export async function staleSearchAvailability(db: Db, now: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ guide_id: string }>(sql`
    select s.guide_id from guide_search_availability s join guides g on g.id = s.guide_id
     where (s.first_day is null or s.first_day < ${dateOfDay(windowFirstDay(now))}::date)
       and g.status = 'approved' and g.is_active
     order by s.first_day nulls first limit ${limit}`);
  return result.rows.map((row) => row.guide_id);
}

export const SEARCH_AVAILABILITY_LOCK = 6_000_005;
// Small ticks: on PGlite a tick's transaction holds the only connection.
const JOB_BATCH = 1_000;

/** Keeps the index fresh in the background: new public guides, cleared rows, the daily move of the window. */
export const searchAvailabilityJob = (deps: { clock: Clock }): ScheduledJob => ({
  name: 'search-availability',
  lockKey: SEARCH_AVAILABILITY_LOCK,
  intervalMs: 30_000,
  run: async (db: Db) => {
    const now = deps.clock.now();
    await refreshSearchAvailability(db, await staleSearchAvailability(db, now, JOB_BATCH), now);
  },
});
