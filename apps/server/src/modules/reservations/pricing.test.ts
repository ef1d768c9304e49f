import { FREE_CANCELLATION_MS, isFreeCancellation } from '@marco/contract/reservations';
import { describe, expect, it } from 'vitest';
import { computePrice, convertMinor } from './pricing.js';

const rates = { USD: 1, TRY: 32.5, EUR: 0.92 };

describe('convertMinor', () => {
  it('keeps an amount in its own currency', () => {
    expect(convertMinor(5000, 'TRY', 'TRY', rates)).toBe(5000);
  });

  it('converts through units per US dollar and rounds half away from zero', () => {
    expect(convertMinor(5000, 'USD', 'TRY', rates)).toBe(162_500);
    expect(convertMinor(150_000, 'TRY', 'USD', rates)).toBe(4615); // 4615.38…
    expect(convertMinor(1, 'USD', 'TRY', { USD: 1, TRY: 0.5 })).toBe(1); // 0.5 rounds up
    expect(convertMinor(4000, 'EUR', 'USD', rates)).toBe(4348); // 4347.83…
  });

  it('fails loudly without a rate', () => {
    expect(() => convertMinor(100, 'GBP', 'USD', rates)).toThrow(/GBP/);
  });
});

describe('computePrice', () => {
  it('adds the vehicle rate per hour and multiplies by the hours', () => {
    expect(
      computePrice({
        guideCurrency: 'USD',
        hourlyRateMinor: 5000,
        vehicleHourlyRateMinor: 1250,
        totalHours: 6,
        currency: 'USD',
        rates,
      }),
    ).toEqual({
      currency: 'USD',
      hourlyRateMinor: 5000,
      vehicleHourlyRateMinor: 1250,
      totalHours: 6,
      totalMinor: 37_500,
    });
  });

  it('rounds each converted hourly rate once, so the total is exactly hours × rates', () => {
    const price = computePrice({
      guideCurrency: 'TRY',
      hourlyRateMinor: 150_000,
      vehicleHourlyRateMinor: 33_333,
      totalHours: 3,
      currency: 'USD',
      rates,
    });
    expect(price.hourlyRateMinor).toBe(4615);
    expect(price.vehicleHourlyRateMinor).toBe(1026); // 1025.63…
    expect(price.totalMinor).toBe(3 * (4615 + 1026));
  });
});

describe('free cancellation rule', () => {
  const start = new Date('2026-07-01T10:00:00Z');
  const minute = 60_000;

  it('is 24 hours', () => {
    expect(FREE_CANCELLATION_MS).toBe(24 * 60 * minute);
  });

  it('is free at exactly 24 h and one minute earlier, not one minute later', () => {
    expect(isFreeCancellation(start, new Date(start.getTime() - FREE_CANCELLATION_MS - minute))).toBe(true);
    expect(isFreeCancellation(start, new Date(start.getTime() - FREE_CANCELLATION_MS))).toBe(true);
    expect(isFreeCancellation(start, new Date(start.getTime() - FREE_CANCELLATION_MS + minute))).toBe(false);
  });
});
