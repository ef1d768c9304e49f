import { describe, expect, it } from 'vitest';
import { formatDayHeading, groupByDay, relativeDay } from './group-messages';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('day grouping', () => {
  it('groups messages by the viewer’s calendar day, oldest first', () => {
    const messages = [
      { id: 'a', createdAt: at(2026, 5, 1, 9).toISOString() },
      { id: 'b', createdAt: at(2026, 5, 1, 23).toISOString() },
      { id: 'c', createdAt: at(2026, 5, 2, 0).toISOString() },
    ];
    expect(groupByDay(messages).map((group) => group.items.map((item) => item.id))).toEqual([['a', 'b'], ['c']]);
  });

  it('calls days today, yesterday, a weekday within a week, else a date in the locale', () => {
    const now = at(2026, 5, 8, 10);
    const labels = { today: 'Today', yesterday: 'Yesterday' };
    expect(relativeDay(at(2026, 5, 8, 1), now)).toBe('today');
    expect(formatDayHeading(at(2026, 5, 7, 23), 'en', labels, now)).toBe('Yesterday');
    expect(formatDayHeading(at(2026, 5, 5), 'en', labels, now)).toBe('Tuesday');
    expect(formatDayHeading(at(2026, 3, 14), 'en', labels, now)).toBe('March 14');
    expect(formatDayHeading(at(2026, 3, 14), 'de', labels, now)).toBe('14. März');
    expect(formatDayHeading(at(2025, 3, 14), 'tr', labels, now)).toBe('14 Mart 2025');
    expect(formatDayHeading(at(2026, 5, 5), 'ar', labels, now)).toBe('الثلاثاء');
  });
});
