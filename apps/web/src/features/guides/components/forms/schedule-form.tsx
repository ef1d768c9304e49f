import { zodResolver } from '@hookform/resolvers/zod';
import { WORK_PLAN_TYPES, type WorkPlanInput, type WorkSchedule } from '@marco/contract/guides';
import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { type Control, type FieldErrors, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useLocale } from '@/i18n/use-locale';
import { timeZoneOptionLabel } from '@/lib/time-zone-name';
import { useWorkSchedule } from '../../api/get-work-schedule';
import { useReplaceWorkSchedule } from '../../api/replace-work-schedule';
import { useFeedback } from '../../hooks/use-feedback';
import { formatHour, weekdayName } from '../../utils/format';
import {
  listTimeZones,
  newPlan,
  type PlanFormValue,
  PlanSchema,
  ScheduleFormSchema,
  toPlanFormValue,
} from '../../utils/schedule';
import { translateValidation } from '../../utils/validation';
import { describedBy, Field } from '../field';
import { QueryState } from '../states';
import { WeekView } from '../week-view';

type ScheduleFormValues = z.input<typeof ScheduleFormSchema>;
type ScheduleFormOutput = z.output<typeof ScheduleFormSchema>;

type ScheduleFormProps = {
  submitLabel: string;
  onSaved?: () => void;
  actions?: ReactNode;
  /** Step 3 needs at least one plan; settings may clear the schedule. */
  requirePlan?: boolean;
  /** Free dates shown on the week view (settings). */
  freeDates?: Array<{ date: string; startHour: number; endHour: number }>;
};

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The work schedule: plans per type with start and end hours, and a week view of them. */
export function ScheduleForm(props: ScheduleFormProps) {
  const query = useWorkSchedule();
  return <QueryState query={query}>{(schedule) => <ScheduleFields {...props} schedule={schedule} />}</QueryState>;
}

function ScheduleFields({
  schedule,
  submitLabel,
  onSaved,
  actions,
  requirePlan = false,
  freeDates = [],
}: ScheduleFormProps & { schedule: WorkSchedule }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const replace = useReplaceWorkSchedule();
  const form = useForm<ScheduleFormValues, unknown, ScheduleFormOutput>({
    resolver: zodResolver(ScheduleFormSchema),
    defaultValues: {
      timezone: schedule.timezone,
      plans: schedule.data.length > 0 ? schedule.data.map(toPlanFormValue) : requirePlan ? [newPlan()] : [],
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'plans' });
  const { errors, isSubmitting } = form.formState;
  const plans = useWatch({ control: form.control, name: 'plans' });
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);
  // Some 400 zones: built once, so typing in the form does not rebuild them.
  const zoneOptions = useMemo(
    () =>
      listTimeZones(schedule.timezone).map((zone) => (
        <option key={zone} value={zone}>
          {timeZoneOptionLabel(zone, locale)}
        </option>
      )),
    [schedule.timezone, locale],
  );

  // The week view shows what the form holds now, valid plans only.
  const previewPlans = (plans ?? [])
    .map((plan) => PlanSchema.safeParse(plan))
    .filter((result) => result.success)
    .map((result) => result.data as WorkPlanInput);

  const submit = form.handleSubmit(async (values) => {
    if (requirePlan && values.plans.length === 0) {
      form.setError('plans', { type: 'custom', message: 'planRequired' });
      return;
    }
    try {
      await replace.mutateAsync({ timezone: values.timezone, plans: values.plans });
      form.reset(form.getValues());
      if (onSaved) onSaved();
      else feedback.saved();
    } catch (error) {
      feedback.failed(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Field
        id={`${id}-timezone`}
        label={t('schedule.timezone')}
        hint={t('schedule.timezoneHint')}
        error={message(errors.timezone?.message)}
        className="max-w-md"
      >
        <Select
          id={`${id}-timezone`}
          aria-describedby={describedBy(`${id}-timezone`, { hint: true })}
          {...form.register('timezone')}
        >
          {zoneOptions}
        </Select>
      </Field>

      <section aria-labelledby={`${id}-plans`} className="flex flex-col gap-3">
        <h3 id={`${id}-plans`} className="font-semibold text-neutral-900">
          {t('schedule.plansTitle')}
        </h3>
        {fields.length === 0 ? (
          <p className="rounded-card border border-dashed border-neutral-300 bg-neutral-50 p-4 text-sm text-neutral-600">
            {t('schedule.noPlans')}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {fields.map((field, index) => (
              <PlanRow
                key={field.id}
                index={index}
                control={form.control}
                register={form.register}
                setValue={form.setValue}
                errors={errors.plans?.[index] as FieldErrors<PlanFormValue> | undefined}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        )}
        {errors.plans?.message || errors.plans?.root?.message ? (
          <p role="alert" className="text-sm text-error-700">
            {t('validation.planRequired')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {WORK_PLAN_TYPES.map((planType) => (
            <Button key={planType} variant="outline" size="sm" onClick={() => append(newPlan(planType))}>
              <Plus aria-hidden="true" />
              {t(`schedule.add.${planType}`)}
            </Button>
          ))}
        </div>
      </section>

      <WeekView
        plans={previewPlans}
        freeDates={freeDates}
        timezone={timezone}
        onAddHours={(weekday) => append(newPlan('weekly', [weekday]))}
      />

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-5">
        {actions}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function PlanRow({
  index,
  control,
  register,
  setValue,
  errors,
  onRemove,
}: {
  index: number;
  control: Control<ScheduleFormValues, unknown, ScheduleFormOutput>;
  register: ReturnType<typeof useForm<ScheduleFormValues, unknown, ScheduleFormOutput>>['register'];
  setValue: ReturnType<typeof useForm<ScheduleFormValues, unknown, ScheduleFormOutput>>['setValue'];
  errors: FieldErrors<PlanFormValue> | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const plan = useWatch({ control, name: `plans.${index}` });
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);
  const planType = plan?.planType ?? 'weekly';
  const weekdays = plan?.weekdays ?? [];
  const endError = message(errors?.endHour?.message);

  return (
    <li className="rounded-card border border-neutral-200 bg-surface p-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field id={`${id}-type`} label={t('schedule.planType')} hint={t(`schedule.typeHints.${planType}`)}>
          <Select id={`${id}-type`} {...register(`plans.${index}.planType`)}>
            {WORK_PLAN_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`schedule.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-start`} label={t('schedule.startHour')}>
          <Select id={`${id}-start`} {...register(`plans.${index}.startHour`)}>
            {HOURS.slice(0, 24).map((hour) => (
              <option key={hour} value={hour}>
                {formatHour(hour, locale)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-end`} label={t('schedule.endHour')} error={endError}>
          <Select
            id={`${id}-end`}
            aria-invalid={Boolean(endError)}
            aria-describedby={describedBy(`${id}-end`, { error: endError })}
            {...register(`plans.${index}.endHour`)}
          >
            {HOURS.slice(1).map((hour) => (
              <option key={hour} value={hour}>
                {formatHour(hour, locale)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="ghost"
          size="icon"
          className="sm:mt-7"
          aria-label={t('schedule.removePlan', { number: index + 1 })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>

      {planType === 'weekly' ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto]">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-neutral-700">{t('schedule.weekdays')}</legend>
            <div className="flex flex-wrap gap-1.5">
              {WEEKDAYS.map((weekday) => (
                <label
                  key={weekday}
                  className="relative flex h-9 min-w-11 cursor-pointer items-center justify-center rounded-control border border-neutral-300 px-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
                >
                  <input
                    type="checkbox"
                    className="absolute inset-0 size-full cursor-pointer appearance-none rounded-control opacity-0"
                    checked={weekdays.includes(weekday)}
                    onChange={(event) =>
                      setValue(
                        `plans.${index}.weekdays`,
                        event.target.checked ? [...weekdays, weekday] : weekdays.filter((day) => day !== weekday),
                        { shouldDirty: true, shouldValidate: Boolean(errors) },
                      )
                    }
                  />
                  <span aria-hidden="true">{weekdayName(weekday, locale, 'short')}</span>
                  <span className="sr-only">{weekdayName(weekday, locale)}</span>
                </label>
              ))}
            </div>
            {errors?.weekdays ? (
              <p className="mt-1.5 text-sm text-error-700">{message(errors.weekdays.message)}</p>
            ) : null}
          </fieldset>
          <Field id={`${id}-repeat`} label={t('schedule.repeatEvery')} className="sm:w-44">
            <Select id={`${id}-repeat`} {...register(`plans.${index}.repeatEveryWeeks`)}>
              {[1, 2, 3, 4].map((weeks) => (
                <option key={weeks} value={weeks}>
                  {t('schedule.everyWeeks', { count: weeks })}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}

      {planType === 'monthly' ? (
        <Field
          id={`${id}-day`}
          label={t('schedule.dayOfMonth')}
          error={message(errors?.dayOfMonth?.message)}
          className="mt-4 max-w-40"
        >
          <Input
            id={`${id}-day`}
            type="number"
            min={1}
            max={31}
            inputMode="numeric"
            {...register(`plans.${index}.dayOfMonth`)}
          />
        </Field>
      ) : null}

      {planType === 'special' ? (
        <Field
          id={`${id}-date`}
          label={t('schedule.date')}
          error={message(errors?.date?.message)}
          className="mt-4 max-w-56"
        >
          <Input id={`${id}-date`} type="date" {...register(`plans.${index}.date`)} />
        </Field>
      ) : null}

      {planType !== 'special' ? (
        <details className="group mt-4" open={Boolean(plan?.startsOn || plan?.endsOn || errors?.endsOn)}>
          <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 text-sm font-medium text-brand-700">
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            {t('schedule.period')}
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-from`} label={t('schedule.startsOn')} optional={t('form.optional')}>
              <Input id={`${id}-from`} type="date" {...register(`plans.${index}.startsOn`)} />
            </Field>
            <Field
              id={`${id}-until`}
              label={t('schedule.endsOn')}
              optional={t('form.optional')}
              error={message(errors?.endsOn?.message)}
            >
              <Input id={`${id}-until`} type="date" {...register(`plans.${index}.endsOn`)} />
            </Field>
          </div>
        </details>
      ) : null}
    </li>
  );
}
