export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/** Milliseconds → whole days, hours, minutes and seconds (rounded up to the next second). */
export function splitDuration(milliseconds: number): DurationParts {
  let rest = Math.max(0, Math.ceil(milliseconds / 1000));
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return { days, hours, minutes, seconds: rest - minutes * 60 };
}

/**
 * spec §4: a remaining time in days, hours, minutes and seconds units, from the largest
 * unit that is not zero: "1 day, 2 hr, 0 min, 5 sec", "9 min, 59 sec", "45 sec".
 */
export function formatCountdown(milliseconds: number, locale: string): string {
  const parts = splitDuration(milliseconds);
  const first = UNITS.findIndex(([key]) => parts[key] > 0);
  const shown = first === -1 ? UNITS.slice(-1) : UNITS.slice(first);
  const texts = shown.map(([key, unit]) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(parts[key]),
  );
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(texts);
}
