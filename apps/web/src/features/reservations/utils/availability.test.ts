import { describe, expect, it } from 'vitest';
import { commonFreeHours, groupFreeHours, possibleEndHours } from './availability';

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() });

describe('free hours of a guide', () => {
  it('groups UTC slots by the guide’s local date and hour', () => {
    // Istanbul is UTC+3 all year: 06:00Z is 09:00 there, 22:00Z is 01:00 the next day.
    const byDate = groupFreeHours(
      [slot('2026-06-01T06:00:00.000Z'), slot('2026-06-01T07:00:00.000Z'), slot('2026-06-01T22:00:00.000Z')],
      'Europe/Istanbul',
    );
    expect(Object.fromEntries(byDate)).toEqual({ '2026-06-01': [9, 10], '2026-06-02': [1] });
  });

  it('reads a date line crossing zone on its own calendar', () => {
    const byDate = groupFreeHours([slot('2026-06-01T20:00:00.000Z')], 'Pacific/Auckland');
    expect(Object.fromEntries(byDate)).toEqual({ '2026-06-02': [8] });
  });

  it('keeps only the hours free on every chosen date', () => {
    const byDate = new Map([
      ['2026-06-01', [9, 10, 11, 12]],
      ['2026-06-02', [10, 11, 14]],
    ]);
    expect(commonFreeHours(byDate, ['2026-06-01', '2026-06-02'])).toEqual([10, 11]);
    expect(commonFreeHours(byDate, ['2026-06-01', '2026-06-09'])).toEqual([]);
    expect(commonFreeHours(byDate, [])).toEqual([]);
  });

  it('offers end hours only while every hour up to them is free', () => {
    expect(possibleEndHours([9, 10, 11, 14, 15], 9)).toEqual([10, 11, 12]);
    expect(possibleEndHours([9, 10, 11, 14, 15], 14)).toEqual([15, 16]);
    expect(possibleEndHours([23], 23)).toEqual([24]);
    expect(possibleEndHours([9], 12)).toEqual([]);
  });
});
