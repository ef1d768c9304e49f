import { describe, expect, it } from 'vitest';
import { formatCountdown, splitDuration } from './format-countdown';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('splitDuration', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitDuration(DAY + 2 * HOUR + 5 * SECOND)).toEqual({ days: 1, hours: 2, minutes: 0, seconds: 5 });
  });

  it('rounds a started second up, so the countdown never shows 0 while time is left', () => {
    expect(splitDuration(400)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('never goes below zero', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('formatCountdown', () => {
  it('starts at the largest unit that is not zero and keeps the smaller ones', () => {
    expect(formatCountdown(10 * MINUTE, 'en')).toBe('10 min, 0 sec');
    expect(formatCountdown(9 * MINUTE + 59 * SECOND, 'en')).toBe('9 min, 59 sec');
    expect(formatCountdown(45 * SECOND, 'en')).toBe('45 sec');
    expect(formatCountdown(DAY + 2 * HOUR + 5 * SECOND, 'en')).toBe('1 day, 2 hr, 0 min, 5 sec');
  });

  it('shows 0 seconds once the time is up', () => {
    expect(formatCountdown(0, 'en')).toBe('0 sec');
  });

  it('uses the units of the locale', () => {
    expect(formatCountdown(9 * MINUTE + 59 * SECOND, 'tr')).toBe('9 dk. 59 sn.');
    expect(formatCountdown(9 * MINUTE + 59 * SECOND, 'de')).toBe('9 Min., 59 Sek.');
  });
});
