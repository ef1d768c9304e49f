import { TZDate } from '@date-fns/tz';
import type { Locale } from '@marco/contract/locales';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CalendarEntry } from '../reservations/calendar-entries.js';
import { CALENDAR_TEXTS } from './texts.js';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export interface IcsOptions {
  /** Whose calendar: the traveller's events name the guide, the guide's name the traveller and show the contact. */
  audience: 'traveller' | 'guide';
  locale: Locale;
  /** Origin of the links back to the reservation (PUBLIC_URL). */
  publicUrl: string;
  /** The calendar's own name (a subscribed feed shows it); none for a one-off file. */
  name?: string;
  now: Date;
}

const fill = (template: string, name: string) => template.replace('{name}', name || 'Marco');

const knownZones = new Map<string, boolean>();
/** Zones the bundled VTIMEZONE data knows; events in any other zone are written in UTC (still the right instants). */
function hasVtimezone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = Boolean(getVtimezoneComponent(zone));
    knownZones.set(zone, known);
  }
  return known;
}

function linkOf(entry: CalendarEntry, options: IcsOptions): string {
  const base = options.publicUrl.replace(/\/$/, '');
  if (options.audience === 'traveller') return `${base}/${options.locale}/reservations/${entry.reservationId}`;
  const tab = entry.status === 'completed' ? 'history' : 'active';
  return `${base}/${options.locale}/requests/${tab}/${entry.reservationId}`;
}

/**
 * An iCalendar object (RFC 5545) with one VEVENT per reservation day. Times are written in
 * the reservation's zone (the guide's, `DTSTART;TZID=…`) with its VTIMEZONE, so the guide's
 * hours stay the guide's hours in any calendar; ical-generator does the escaping (`\,`
 * `\;` `\n`) and folds lines at 75 octets. A UID is stable per reservation day, so a feed
 * read again updates the same events.
 */
export function buildIcs(entries: CalendarEntry[], options: IcsOptions): string {
  const texts = CALENDAR_TEXTS[options.locale];
  const host = new URL(options.publicUrl).host;
  const calendar = ical({
    prodId: { company: 'Marco', product: 'reservations', language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name } : {}),
  });
  // Generates one VTIMEZONE per zone the events name.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const entry of entries) {
    const zone = hasVtimezone(entry.timezone) ? entry.timezone : null;
    const at = (instant: Date) => (zone ? new TZDate(instant.getTime(), zone) : instant);
    const isGuide = options.audience === 'guide';
    const summary = isGuide ? fill(texts.reservationOf, entry.touristName) : fill(texts.tourWith, entry.guideName);
    const lines = [
      `${texts.meetingPoint}: ${entry.meetingPoint}`,
      ...(isGuide && entry.noteToGuide ? [`${texts.noteToGuide}: ${entry.noteToGuide}`] : []),
      ...(isGuide ? [`${texts.contact}: ${entry.contactPhone}, ${entry.contactEmail}`] : []),
      ...(entry.status === 'approved' || entry.status === 'payment_pending' ? [texts.awaitingPayment] : []),
      `${texts.details}: ${linkOf(entry, options)}`,
    ];
    calendar.createEvent({
      id: `reservation-${entry.reservationId}-${entry.date}@${host}`,
      start: at(entry.startsAt),
      end: at(entry.endsAt),
      ...(zone ? { timezone: zone } : {}),
      stamp: options.now,
      lastModified: entry.updatedAt,
      summary,
      location: entry.meetingPoint,
      description: lines.join('\n'),
      url: linkOf(entry, options),
      status:
        entry.status === 'paid' || entry.status === 'completed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  // §3.1: every content line ends in CRLF, the last one too; the bundled VTIMEZONE files may
  // use bare LF. TEXT values never hold a raw line break (they are escaped as `\\n`).
  return `${calendar
    .toString()
    .replace(/\r?\n/g, '\r\n')
    .replace(/(?:\r\n)*$/, '')}\r\n`;
}
