import { RESERVATION_CURRENCIES, RESERVATION_MAX_DAYS, type ReservationCurrency } from '@marco/contract/reservations';

/*
 * The wizard keeps its choices in the URL (`?reserve=1&rstep=2&rdates=…`), so a visitor sent
 * to sign in comes back to the same step with the same dates and hours, and the back
 * button moves between steps.
 */

export type WizardStep = 1 | 2 | 3 | 4 | 'done';

export interface WizardState {
  step: WizardStep;
  dates: string[];
  startHour: number | null;
  endHour: number | null;
  currency: ReservationCurrency | null;
  vehicleId: string | null;
  /** The reservation created by the last step (the confirmation shows it). */
  reservationId: string | null;
}

export const WIZARD_PARAMS = {
  open: 'reserve',
  step: 'rstep',
  dates: 'rdates',
  startHour: 'rstart',
  endHour: 'rend',
  currency: 'rcur',
  vehicleId: 'rveh',
  reservationId: 'rid',
} as const;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

function readHour(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const hour = Number(value);
  return hour >= min && hour <= max ? hour : null;
}

/** Reads the wizard from search params; anything malformed is dropped, never trusted. */
export function readWizardState(params: URLSearchParams): WizardState {
  const dates = [...new Set((params.get(WIZARD_PARAMS.dates) ?? '').split(',').filter(isDate))]
    .sort()
    .slice(0, RESERVATION_MAX_DAYS);
  const startHour = readHour(params.get(WIZARD_PARAMS.startHour), 0, 23);
  const endHour = readHour(params.get(WIZARD_PARAMS.endHour), 1, 24);
  const hoursValid = startHour !== null && endHour !== null && endHour > startHour;
  const currencyParam = params.get(WIZARD_PARAMS.currency);
  const currency = (RESERVATION_CURRENCIES as readonly string[]).includes(currencyParam ?? '')
    ? (currencyParam as ReservationCurrency)
    : null;
  const rawStep = params.get(WIZARD_PARAMS.step);
  const reservationId = params.get(WIZARD_PARAMS.reservationId);
  let step: WizardStep = rawStep === 'done' && reservationId ? 'done' : 1;
  if (rawStep && /^[1-4]$/.test(rawStep)) step = Number(rawStep) as WizardStep;
  // A later step needs what the earlier ones chose; a hand-edited URL falls back to the step that lacks it.
  if (step !== 'done') {
    if (dates.length === 0) step = 1;
    else if (!hoursValid && step > 2) step = 2;
  }
  return {
    step,
    dates,
    // A start without its end yet is kept (step 2 picks them one after the other).
    startHour: hoursValid || endHour === null ? startHour : null,
    endHour: hoursValid ? endHour : null,
    currency,
    vehicleId: params.get(WIZARD_PARAMS.vehicleId) || null,
    reservationId: step === 'done' ? reservationId : null,
  };
}

/** Writes `state` into a copy of `params`, keeping the page's own params. */
export function writeWizardState(params: URLSearchParams, state: WizardState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number | null) => {
    if (value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  };
  set(WIZARD_PARAMS.open, '1');
  set(WIZARD_PARAMS.step, state.step);
  set(WIZARD_PARAMS.dates, state.dates.join(','));
  set(WIZARD_PARAMS.startHour, state.startHour);
  set(WIZARD_PARAMS.endHour, state.endHour);
  set(WIZARD_PARAMS.currency, state.currency);
  set(WIZARD_PARAMS.vehicleId, state.vehicleId);
  set(WIZARD_PARAMS.reservationId, state.step === 'done' ? state.reservationId : null);
  return next;
}

/** The page's params without any of the wizard's (closing it). */
export function clearWizardState(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(WIZARD_PARAMS)) next.delete(name);
  return next;
}
