import { describe, expect, it } from 'vitest';
import { formatDates, formatHours } from './format';

describe('reservation dates and hours', () => {
  it('shows one date, a run of days as a range and a few separate days as a list', () => {
    expect(formatDates(['2026-06-01'], 'en')).toBe('Jun 1, 2026');
    expect(formatDates(['2026-06-01', '2026-06-02', '2026-06-03'], 'en')).toBe('Jun 1, 2026 – Jun 3, 2026');
    expect(formatDates(['2026-06-01', '2026-06-05'], 'en')).toBe('Jun 1, 2026 & Jun 5, 2026');
  });

  it('writes local hours with the locale’s digits, 24 as the end of the day', () => {
    expect(formatHours(9, 24, 'en')).toBe('09:00–24:00');
  });
});
