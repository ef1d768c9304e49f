import { describe, expect, it } from 'vitest';
import { type AvailabilityRules, computeAvailableHours, localHourToInstant, type PlanRule } from './availability.js';

const plan = (fields: Partial<PlanRule> & Pick<PlanRule, 'planType' | 'startHour' | 'endHour'>): PlanRule => ({
  weekdays: [],
  repeatEveryWeeks: 1,
  dayOfMonth: null,
  date: null,
  startsOn: null,
  endsOn: null,
  ...fields,
});
const rules = (timezone: string, plans: PlanRule[], freeDates: AvailabilityRules['freeDates'] = []) => ({
  timezone,
  plans,
  freeDates,
});
/** Slot starts as ISO strings without milliseconds. */
const starts = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString().replace('.000Z', 'Z'));
const at = (iso: string) => new Date(iso);
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('computeAvailableHours across time zones', () => {
  const mondayMorning = [plan({ planType: 'weekly', startHour: 9, endHour: 12, weekdays: [1] })];

  it('reads the same local hours in Istanbul and New York as different instants', () => {
    const from = at('2026-01-05T00:00:00Z');
    const to = at('2026-01-06T00:00:00Z');
    expect(starts(computeAvailableHours(rules('Europe/Istanbul', mondayMorning), from, to))).toEqual([
      '2026-01-05T06:00:00Z',
      '2026-01-05T07:00:00Z',
      '2026-01-05T08:00:00Z',
    ]);
    expect(starts(computeAvailableHours(rules('America/New_York', mondayMorning), from, to))).toEqual([
      '2026-01-05T14:00:00Z',
      '2026-01-05T15:00:00Z',
      '2026-01-05T16:00:00Z',
    ]);
  });

  it('follows New York into daylight-saving time while Istanbul stays put', () => {
    const from = at('2026-07-06T00:00:00Z');
    const to = at('2026-07-07T00:00:00Z');
    expect(starts(computeAvailableHours(rules('America/New_York', mondayMorning), from, to))[0]).toBe(
      '2026-07-06T13:00:00Z',
    );
    expect(starts(computeAvailableHours(rules('Europe/Istanbul', mondayMorning), from, to))[0]).toBe(
      '2026-07-06T06:00:00Z',
    );
  });

  it('keeps a local Monday that is still Sunday in UTC', () => {
    // 00:00–02:00 Monday in Istanbul is Sunday 21:00–23:00 UTC.
    const night = [plan({ planType: 'weekly', startHour: 0, endHour: 2, weekdays: [1] })];
    const slots = computeAvailableHours(
      rules('Europe/Istanbul', night),
      at('2026-01-04T00:00:00Z'),
      at('2026-01-05T12:00:00Z'),
    );
    expect(starts(slots)).toEqual(['2026-01-04T21:00:00Z', '2026-01-04T22:00:00Z']);
  });

  it('aligns slots to local hours in a half-hour zone', () => {
    const slots = computeAvailableHours(
      rules('Asia/Kolkata', [plan({ planType: 'daily', startHour: 9, endHour: 11 })]),
      at('2026-02-10T00:00:00Z'),
      at('2026-02-11T00:00:00Z'),
    );
    expect(starts(slots)).toEqual(['2026-02-10T03:30:00Z', '2026-02-10T04:30:00Z']);
  });
});

describe('computeAvailableHours across a daylight-saving change (Europe/Rome)', () => {
  it('has one real hour fewer on 2026-03-29, when 02:00 does not exist', () => {
    const night = rules('Europe/Rome', [plan({ planType: 'daily', startHour: 0, endHour: 5 })]);
    const slots = computeAvailableHours(night, at('2026-03-28T22:00:00Z'), at('2026-03-29T06:00:00Z'));
    expect(starts(slots)).toEqual([
      '2026-03-28T23:00:00Z',
      '2026-03-29T00:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-03-29T02:00:00Z',
    ]);
    const gapOnly = rules('Europe/Rome', [plan({ planType: 'special', startHour: 2, endHour: 3, date: '2026-03-29' })]);
    expect(computeAvailableHours(gapOnly, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toEqual([]);
  });

  it('moves a 9–12 plan one hour earlier in UTC from the change on', () => {
    const mornings = rules('Europe/Rome', [plan({ planType: 'daily', startHour: 9, endHour: 12 })]);
    const slots = computeAvailableHours(mornings, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'));
    expect(starts(slots)).toEqual([
      '2026-03-28T08:00:00Z',
      '2026-03-28T09:00:00Z',
      '2026-03-28T10:00:00Z',
      '2026-03-29T07:00:00Z',
      '2026-03-29T08:00:00Z',
      '2026-03-29T09:00:00Z',
    ]);
  });

  it('has one real hour more on 2026-10-25, when 02:00 happens twice', () => {
    const night = rules('Europe/Rome', [plan({ planType: 'special', startHour: 0, endHour: 4, date: '2026-10-25' })]);
    const slots = computeAvailableHours(night, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'));
    expect(starts(slots)).toEqual([
      '2026-10-24T22:00:00Z',
      '2026-10-24T23:00:00Z',
      '2026-10-25T00:00:00Z',
      '2026-10-25T01:00:00Z',
      '2026-10-25T02:00:00Z',
    ]);
    const repeated = rules('Europe/Rome', [
      plan({ planType: 'special', startHour: 2, endHour: 3, date: '2026-10-25' }),
    ]);
    expect(starts(computeAvailableHours(repeated, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z')))).toEqual([
      '2026-10-25T00:00:00Z',
      '2026-10-25T01:00:00Z',
    ]);
  });

  it('maps local hours to the first instant the clock shows them', () => {
    const iso = (day: string, hour: number) => localHourToInstant(dayNumber(day), hour, 'Europe/Rome').toISOString();
    expect(iso('2026-03-29', 2)).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-03-29', 3)).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-10-25', 2)).toBe('2026-10-25T00:00:00.000Z');
    expect(iso('2026-10-25', 3)).toBe('2026-10-25T02:00:00.000Z');
    expect(iso('2026-10-25', 24)).toBe('2026-10-25T23:00:00.000Z');
    expect(localHourToInstant(dayNumber('2026-03-08'), 2, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
  });
});

describe('computeAvailableHours plan types, free dates and held intervals', () => {
  const utc = (plans: PlanRule[], freeDates: AvailabilityRules['freeDates'] = []) => rules('UTC', plans, freeDates);
  const days = (slots: { start: Date }[]) => [...new Set(starts(slots).map((start) => start.slice(0, 10)))];

  it('repeats a weekly plan every n weeks from its start date, within its bounds', () => {
    const fortnightly = plan({
      planType: 'weekly',
      startHour: 10,
      endHour: 11,
      weekdays: [3],
      repeatEveryWeeks: 2,
      startsOn: '2026-01-05',
      endsOn: '2026-02-28',
    });
    const slots = computeAvailableHours(utc([fortnightly]), at('2025-12-01T00:00:00Z'), at('2026-03-31T00:00:00Z'));
    expect(days(slots)).toEqual(['2026-01-07', '2026-01-21', '2026-02-04', '2026-02-18']);
  });

  it('skips months without the day of a monthly plan', () => {
    const thirtyFirst = plan({ planType: 'monthly', startHour: 8, endHour: 9, dayOfMonth: 31 });
    const slots = computeAvailableHours(utc([thirtyFirst]), at('2026-01-01T00:00:00Z'), at('2026-06-01T00:00:00Z'));
    expect(days(slots)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });

  it('adds free dates to the schedule and merges overlapping hours', () => {
    const slots = computeAvailableHours(
      utc(
        [plan({ planType: 'special', startHour: 9, endHour: 11, date: '2026-04-01' })],
        [
          { date: '2026-04-01', startHour: 10, endHour: 12 },
          { date: '2026-04-02', startHour: 0, endHour: 24 },
        ],
      ),
      at('2026-04-01T00:00:00Z'),
      at('2026-04-03T00:00:00Z'),
    );
    expect(starts(slots).slice(0, 3)).toEqual(['2026-04-01T09:00:00Z', '2026-04-01T10:00:00Z', '2026-04-01T11:00:00Z']);
    expect(slots).toHaveLength(3 + 24);
  });

  it('removes every slot a held interval touches, and clips to the window', () => {
    const workday = utc([plan({ planType: 'daily', startHour: 9, endHour: 17 })]);
    const held = [{ start: at('2026-05-04T10:30:00Z'), end: at('2026-05-04T12:00:00Z') }];
    const slots = computeAvailableHours(workday, at('2026-05-04T09:30:00Z'), at('2026-05-04T15:00:00Z'), held);
    expect(starts(slots)).toEqual(['2026-05-04T12:00:00Z', '2026-05-04T13:00:00Z', '2026-05-04T14:00:00Z']);
    expect(computeAvailableHours(workday, at('2026-05-04T15:00:00Z'), at('2026-05-04T15:00:00Z'))).toEqual([]);
  });

  it('answers one-hour slots, sorted and without duplicates', () => {
    const overlapping = utc([
      plan({ planType: 'daily', startHour: 8, endHour: 12 }),
      plan({ planType: 'weekly', startHour: 10, endHour: 14, weekdays: [1, 2, 3, 4, 5, 6, 7] }),
    ]);
    const slots = computeAvailableHours(overlapping, at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z'));
    expect(slots).toHaveLength(6);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(3_600_000);
  });
});
