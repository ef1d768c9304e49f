import {
  WORK_PLAN_TYPES,
  type WorkPlan,
  type WorkPlanInput,
  WorkPlanInputSchema,
  type WorkPlanType,
} from '@marco/contract/guides';
import { z } from 'zod';

/** One plan as the form holds it: every field present, dates as input strings. */
export const PlanFormSchema = z.object({
  planType: z.enum(WORK_PLAN_TYPES),
  startHour: z.coerce.number().int(),
  endHour: z.coerce.number().int(),
  weekdays: z.array(z.number().int()),
  repeatEveryWeeks: z.coerce.number().int(),
  dayOfMonth: z.string(),
  date: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
});
export type PlanFormValue = z.input<typeof PlanFormSchema>;

/** The fields of `planType` only, as the contract wants them. */
export function toWorkPlanInput(plan: z.output<typeof PlanFormSchema>): WorkPlanInput {
  const bounded = plan.planType !== 'special';
  return {
    planType: plan.planType,
    startHour: plan.startHour,
    endHour: plan.endHour,
    ...(plan.planType === 'weekly'
      ? { weekdays: [...plan.weekdays].sort((a, b) => a - b), repeatEveryWeeks: plan.repeatEveryWeeks || 1 }
      : {}),
    ...(plan.planType === 'monthly' && plan.dayOfMonth !== '' ? { dayOfMonth: Number(plan.dayOfMonth) } : {}),
    ...(plan.planType === 'special' && plan.date ? { date: plan.date } : {}),
    ...(bounded ? { startsOn: plan.startsOn || null, endsOn: plan.endsOn || null } : {}),
  };
}

/** The form's plan checked by the contract's own rules (end after start, weekdays, dates). */
export const PlanSchema = PlanFormSchema.transform(toWorkPlanInput).pipe(WorkPlanInputSchema);

export const ScheduleFormSchema = z.object({
  timezone: z.string().min(1, 'required'),
  plans: z.array(PlanSchema).max(100),
});

export function newPlan(planType: WorkPlanType = 'weekly', weekdays: number[] = [1, 2, 3, 4, 5]): PlanFormValue {
  return {
    planType,
    startHour: 9,
    endHour: 17,
    weekdays: planType === 'weekly' ? weekdays : [],
    repeatEveryWeeks: 1,
    dayOfMonth: planType === 'monthly' ? '1' : '',
    date: '',
    startsOn: '',
    endsOn: '',
  };
}

export function toPlanFormValue(plan: WorkPlan): PlanFormValue {
  return {
    planType: plan.planType,
    startHour: plan.startHour,
    endHour: plan.endHour,
    weekdays: plan.weekdays,
    repeatEveryWeeks: plan.repeatEveryWeeks || 1,
    dayOfMonth: plan.dayOfMonth == null ? '' : String(plan.dayOfMonth),
    date: plan.date ?? '',
    startsOn: plan.startsOn ?? '',
    endsOn: plan.endsOn ?? '',
  };
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The Monday of the week `date` is in. */
export function startOfWeek(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Whether a plan (contract input shape) works on calendar date `date` (guide's local calendar). */
export function isPlanOn(plan: WorkPlanInput, date: string): boolean {
  if (plan.planType === 'special') return plan.date === date;
  if (plan.startsOn && date < plan.startsOn) return false;
  if (plan.endsOn && date > plan.endsOn) return false;
  if (plan.planType === 'daily') return true;
  if (plan.planType === 'monthly') return Number(date.slice(8, 10)) === plan.dayOfMonth;
  if (!plan.weekdays?.includes(isoWeekday(date))) return false;
  const every = plan.repeatEveryWeeks ?? 1;
  if (every <= 1 || !plan.startsOn) return true;
  const weeks = Math.round(
    (Date.parse(`${startOfWeek(date)}T00:00:00Z`) - Date.parse(`${startOfWeek(plan.startsOn)}T00:00:00Z`)) /
      (7 * 86_400_000),
  );
  return weeks % every === 0;
}

/** Today's date in an IANA time zone, YYYY-MM-DD. */
export function todayIn(timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .format(new Date())
      .slice(0, 10);
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/** Every IANA zone the browser knows, or a short list when it cannot tell. */
export function listTimeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Europe/Istanbul'];
  return known.includes(current) ? known : [current, ...known];
}
