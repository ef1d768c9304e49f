import type { GuideDetail } from '@marco/contract/guides';
import {
  type CreateReservation,
  CreateReservationSchema,
  RESERVATION_CURRENCIES,
  type ReservationCurrency,
} from '@marco/contract/reservations';
import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRequireAuth } from '@/features/auth/hooks/use-require-auth';
import { useUser } from '@/features/auth/hooks/use-user';
import { stripLocale } from '@/features/auth/utils/return-to';
import { useCurrencies } from '@/features/settings/api/get-currencies';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCurrency } from '@/lib/currency';
import { useCreateReservation } from '../api/create-reservation';
import { useAvailableHours, useGuideProfile } from '../api/get-guide-availability';
import { reservationKeys } from '../api/keys';
import { commonFreeHours, groupFreeHours } from '../utils/availability';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { quotePrice, type RatesPerUsd } from '../utils/pricing';
import { clearWizardState, readWizardState, type WizardState, writeWizardState } from '../utils/wizard-state';
import { CardsSkeleton, EmptyState, ErrorState } from './states';
import { ContactStep, type ContactValues, DateStep, HoursStep, ReviewStep, WizardConfirmation } from './wizard-steps';

type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/**
 * The reservation wizard of a guide (spec §2, 4 steps: date, hours, contact, send). Its
 * choices live in the URL, so a visitor asked to sign in comes back to the same step with
 * them kept; closing it removes its params. Full screen on a phone, a dialog on wider screens.
 */
export function ReservationWizard({ guideId }: { guideId: string }) {
  const { t, ready } = useTranslation('reservations');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const state = readWizardState(params);
  const guide = useGuideProfile(guideId, locale);
  const availability = useAvailableHours(guideId);

  const update = (patch: Partial<WizardState>, options: { push?: boolean } = {}) =>
    setParams(writeWizardState(params, { ...state, ...patch }), { replace: !options.push });
  const close = () => setParams(clearWizardState(params), { replace: true });

  if (!ready) return null;

  const name = guide.data ? [guide.data.name, guide.data.surname].filter(Boolean).join(' ') : '';
  let body: ReactNode;
  if (guide.isPending || availability.isPending) body = <CardsSkeleton count={2} />;
  else if (guide.isError) body = <ErrorState error={guide.error} onRetry={() => void guide.refetch()} />;
  else if (availability.isError)
    body = <ErrorState error={availability.error} onRetry={() => void availability.refetch()} />;
  else if (!guide.data.city || guide.data.hourlyRateMinor == null || !guide.data.currency)
    body = <EmptyState title={t('wizard.unavailable.title')} text={t('wizard.unavailable.text')} />;
  else
    return (
      <WizardFlow
        guideParam={guideId}
        guide={guide.data}
        slots={availability.data.data}
        timezone={availability.data.timezone}
        state={state}
        update={update}
        close={close}
      />
    );

  return (
    <WizardDialog title={name ? t('wizard.title', { name }) : t('wizard.titleGeneric')} onClose={close}>
      {body}
    </WizardDialog>
  );
}

function WizardDialog({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={footer}
      className="max-w-2xl max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:rounded-none"
    >
      <div data-testid="reservation-wizard">{children}</div>
    </Dialog>
  );
}

function Stepper({ step }: { step: WizardState['step'] }) {
  const { t } = useTranslation('reservations');
  const current = step === 'done' ? 5 : step;
  const labels = [t('wizard.steps.date'), t('wizard.steps.hours'), t('wizard.steps.contact'), t('wizard.steps.send')];
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label={t('wizard.steps.label')}>
      {labels.map((label, index) => {
        const number = index + 1;
        const isDone = number < current;
        const isCurrent = number === current;
        return (
          <li key={label} aria-current={isCurrent ? 'step' : undefined} className="flex min-w-0 flex-col gap-1.5">
            <span
              className={cn(
                'h-1.5 rounded-full',
                isDone || isCurrent ? 'bg-brand-600' : 'bg-neutral-200',
                isCurrent && 'bg-brand-500',
              )}
            />
            <span
              className={cn(
                'flex items-center gap-1 truncate text-xs',
                isCurrent ? 'font-semibold text-neutral-900' : 'text-neutral-500',
              )}
            >
              {isDone ? <Check aria-hidden="true" className="size-3.5 shrink-0 text-brand-600" /> : null}
              <span className="truncate">
                <span className="sr-only">{t('wizard.steps.number', { number, total: labels.length })} </span>
                {label}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const toReservationCurrency = (code: string): ReservationCurrency =>
  (RESERVATION_CURRENCIES as readonly string[]).includes(code) ? (code as ReservationCurrency) : 'USD';

function WizardFlow({
  guideParam,
  guide,
  slots,
  timezone,
  state,
  update,
  close,
}: {
  /** The id the page passed (guide or user id): the availability query is keyed by it. */
  guideParam: string;
  guide: GuideDetail;
  slots: { start: string; end: string }[];
  timezone: string;
  state: WizardState;
  update: (patch: Partial<WizardState>, options?: { push?: boolean }) => void;
  close: () => void;
}) {
  const { t } = useTranslation('reservations');
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { user, isSignedIn } = useUser();
  const requireAuth = useRequireAuth();
  const [visitorCurrency] = useCurrency();
  const currencies = useCurrencies();
  const create = useCreateReservation();
  const byDate = useMemo(() => groupFreeHours(slots, timezone), [slots, timezone]);
  const freeHours = commonFreeHours(byDate, state.dates);
  const currency = state.currency ?? toReservationCurrency(visitorCurrency);
  const vehicle = guide.vehicles.find((item) => item.id === state.vehicleId) ?? null;
  const name = [guide.name, guide.surname].filter(Boolean).join(' ');

  const [contact, setContact] = useState<ContactValues>({
    meetingPoint: '',
    noteToGuide: '',
    additionalNotes: '',
    contactPhone: user?.phoneNumber ?? '',
    contactEmail: user?.email ?? '',
  });
  const [contactErrors, setContactErrors] = useState<ContactErrors>({});
  // The user may arrive after the wizard (session still loading): prefill what is still empty.
  useEffect(() => {
    if (!user) return;
    setContact((current) => ({
      ...current,
      contactPhone: current.contactPhone || user.phoneNumber || '',
      contactEmail: current.contactEmail || user.email || '',
    }));
  }, [user]);

  const rates: RatesPerUsd = Object.fromEntries(currencies.map((item) => [item.code, item.unitsPerUsd]));
  const hoursValid = state.startHour !== null && state.endHour !== null;
  const quote = quotePrice({
    guideCurrency: guide.currency ?? 'USD',
    hourlyRateMinor: guide.hourlyRateMinor ?? 0,
    vehicleHourlyRateMinor: vehicle?.additionalHourlyRateMinor ?? 0,
    hoursPerDay: hoursValid ? (state.endHour as number) - (state.startHour as number) : 0,
    days: state.dates.length,
    currency,
    rates,
  });

  const input: CreateReservation = {
    guideId: guide.id,
    cityId: guide.city?.id ?? '',
    dates: state.dates,
    startHour: state.startHour ?? 0,
    endHour: state.endHour ?? 0,
    meetingPoint: contact.meetingPoint.trim(),
    noteToGuide: contact.noteToGuide.trim() || undefined,
    additionalNotes: contact.additionalNotes.trim() || undefined,
    contactPhone: contact.contactPhone.replace(/\s+/g, ''),
    contactEmail: contact.contactEmail.trim(),
    currency,
    vehicleId: vehicle?.id,
  };

  // One key per attempt: a retry of the same request (lost answer, double click) reuses it,
  // so the server answers the first reservation; changed choices are a new attempt.
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const idempotencyKeyFor = (signature: string) => {
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const validateContact = (): boolean => {
    const parsed = CreateReservationSchema.safeParse(input);
    const errors: ContactErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'meetingPoint') errors.meetingPoint = t('wizard.contact.errors.meetingPoint');
        if (field === 'contactPhone') errors.contactPhone = t('wizard.contact.errors.phone');
        if (field === 'contactEmail') errors.contactEmail = t('wizard.contact.errors.email');
        if (field === 'noteToGuide' || field === 'additionalNotes') errors[field] = t('wizard.contact.errors.tooLong');
      }
    }
    setContactErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const goToContact = () => {
    const returnTo = `${stripLocale(location.pathname)}?${writeWizardState(params, { ...state, step: 3 }).toString()}`;
    requireAuth(() => update({ step: 3 }, { push: true }), returnTo);
  };

  const send = () => {
    if (!validateContact()) {
      update({ step: 3 }, { push: true });
      return;
    }
    const signature = JSON.stringify(input);
    create.mutate(
      { ...input, idempotencyKey: idempotencyKeyFor(signature) },
      {
        // The key outlives the success: sending the same request again (back button) answers
        // the same reservation instead of creating a second one.
        onSuccess: (reservation) => update({ step: 'done', reservationId: reservation.id }, { push: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'SLOT_TAKEN') {
            void queryClient.invalidateQueries({ queryKey: reservationKeys.availability(guideParam) });
          }
        },
      },
    );
  };

  const startOver = () => {
    attempt.current = null;
    create.reset();
    setContact((current) => ({ ...current, meetingPoint: '', noteToGuide: '', additionalNotes: '' }));
    update({ step: 1, dates: [], startHour: null, endHour: null, reservationId: null }, { push: true });
  };

  let body: ReactNode;
  let footer: ReactNode = null;
  const back = (step: 1 | 2 | 3) => (
    <Button variant="outline" onClick={() => update({ step }, { push: true })}>
      {t('wizard.back')}
    </Button>
  );

  if (state.step === 'done') {
    body = <WizardConfirmation reservationId={state.reservationId ?? ''} guideName={name} onNew={startOver} />;
  } else if (state.step === 1) {
    body = (
      <DateStep
        byDate={byDate}
        timezone={timezone}
        selected={state.dates}
        onChange={(dates) => update({ dates, startHour: null, endHour: null })}
      />
    );
    footer = (
      <Button disabled={state.dates.length === 0} onClick={() => update({ step: 2 }, { push: true })}>
        {t('wizard.continue')}
      </Button>
    );
  } else if (state.step === 2) {
    body = (
      <HoursStep
        guide={guide}
        dates={state.dates}
        timezone={timezone}
        freeHours={freeHours}
        startHour={state.startHour}
        endHour={state.endHour}
        currency={currency}
        vehicleId={vehicle?.id ?? null}
        quote={quote}
        onHours={(startHour, endHour) => update({ startHour, endHour })}
        onCurrency={(next) => update({ currency: next })}
        onVehicle={(vehicleId) => update({ vehicleId })}
      />
    );
    footer = (
      <>
        {back(1)}
        <Button disabled={!hoursValid} onClick={goToContact}>
          {t('wizard.continue')}
        </Button>
      </>
    );
  } else if (!isSignedIn) {
    body = (
      <EmptyState
        title={t('wizard.signIn.title')}
        text={t('wizard.signIn.text')}
        action={<Button onClick={goToContact}>{t('wizard.signIn.action')}</Button>}
      />
    );
    footer = back(2);
  } else if (state.step === 3) {
    body = (
      <ContactStep
        values={contact}
        errors={contactErrors}
        onChange={(patch) => setContact((current) => ({ ...current, ...patch }))}
      />
    );
    footer = (
      <>
        {back(2)}
        <Button onClick={() => validateContact() && update({ step: 4 }, { push: true })}>{t('wizard.continue')}</Button>
      </>
    );
  } else {
    body = (
      <ReviewStep
        guide={guide}
        timezone={timezone}
        dates={state.dates}
        startHour={state.startHour ?? 0}
        endHour={state.endHour ?? 0}
        currency={currency}
        vehicle={vehicle}
        contact={contact}
        quote={quote}
        error={create.error}
        onChangeHours={() => update({ step: 2 }, { push: true })}
      />
    );
    footer = (
      <>
        {back(3)}
        <Button loading={create.isPending} onClick={send} data-testid="send-reservation">
          {t('wizard.send')}
        </Button>
      </>
    );
  }

  return (
    <WizardDialog title={t('wizard.title', { name })} onClose={close} footer={footer}>
      <Stepper step={state.step} />
      {body}
    </WizardDialog>
  );
}
