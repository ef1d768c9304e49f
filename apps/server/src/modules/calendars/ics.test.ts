import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../reservations/calendar-entries.js';
import { buildIcs } from './ics.js';

const entry = (overrides: Partial<CalendarEntry> = {}): CalendarEntry => ({
  reservationId: '0195f3c2-1111-7000-8000-000000000001',
  date: '2027-07-01',
  status: 'paid',
  startsAt: new Date('2027-07-01T07:00:00Z'),
  endsAt: new Date('2027-07-01T09:00:00Z'),
  timezone: 'Europe/Istanbul',
  meetingPoint: 'Galata Tower\\entrance',
  noteToGuide: null,
  contactPhone: '+905321234567',
  contactEmail: 'traveller@example.com',
  guideName: 'Gül Kaya',
  touristName: '',
  updatedAt: new Date('2027-06-01T00:00:00Z'),
  ...overrides,
});
const options = { publicUrl: 'https://marco.example', now: new Date('2027-06-02T12:00:00Z') } as const;
const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));

describe('buildIcs', () => {
  it('writes a zone the bundled data does not know in UTC, still at the right instants', () => {
    const zone = 'America/Nowhere_Town';
    expect(getVtimezoneComponent(zone)).toBeNull();
    const text = buildIcs([entry({ timezone: zone })], { ...options, audience: 'traveller', locale: 'en' });
    expect(text).toContain('DTSTART:20270701T070000Z');
    expect(text).not.toContain('VTIMEZONE');
    expect(eventsOf(text)[0]?.startDate.toJSDate().toISOString()).toBe('2027-07-01T07:00:00.000Z');
  });

  it('escapes backslashes, names Marco when a person has no name left, and writes Arabic as it is', () => {
    const text = buildIcs([entry()], { ...options, audience: 'guide', locale: 'ar' });
    expect(text).toContain('LOCATION:Galata Tower\\\\entrance');
    const [event] = eventsOf(text);
    expect(event?.location).toBe('Galata Tower\\entrance');
    expect(event?.summary).toBe('حجز: Marco');
    expect(event?.description).toContain('نقطة الالتقاء: Galata Tower\\entrance');
    expect(event?.description).toContain('https://marco.example/ar/requests/active/');
  });

  it('gives an empty calendar, still valid, when there is nothing to list', () => {
    const text = buildIcs([], { ...options, audience: 'guide', locale: 'en', name: 'Marco reservations' });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(eventsOf(text)).toEqual([]);
  });
});
