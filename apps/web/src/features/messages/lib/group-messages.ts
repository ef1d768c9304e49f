/** A calendar day in the viewer's time zone, as YYYY-MM-DD. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export interface DayGroup<T> {
  key: string;
  date: Date;
  items: T[];
}

/** Messages (oldest first) grouped by the viewer's local calendar day. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.createdAt);
    const key = localDayKey(date);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, date, items: [item] });
  }
  return groups;
}

/** 'today', 'yesterday', or null for an older day (shown as a date in the user's locale). */
export function relativeDay(date: Date, now: Date = new Date()): 'today' | 'yesterday' | null {
  const key = localDayKey(date);
  if (key === localDayKey(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return key === localDayKey(yesterday) ? 'yesterday' : null;
}

/** A day heading: Today, Yesterday, a weekday within the last week, else a full date; in `locale`. */
export function formatDayHeading(
  date: Date,
  locale: string,
  labels: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const relative = relativeDay(date, now);
  if (relative) return labels[relative];
  const ageDays = (now.getTime() - date.getTime()) / 86_400_000;
  if (ageDays < 7) return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(date);
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

export function formatTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The list's timestamp: a time today, "yesterday", else a short date. */
export function formatListTime(date: Date, locale: string, yesterday: string, now: Date = new Date()): string {
  const relative = relativeDay(date, now);
  if (relative === 'today') return formatTime(date, locale);
  if (relative === 'yesterday') return yesterday;
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}
