import { describe, expect, it } from 'vitest';
import { convertMinor, quotePrice } from './pricing';

const rates = { USD: 1, TRY: 32.5, EUR: 0.92 };

describe('the live price of the wizard', () => {
  it('converts through units per dollar and rounds half away from zero to a minor unit', () => {
    expect(convertMinor(5000, 'USD', 'TRY', rates)).toBe(162_500);
    expect(convertMinor(162_500, 'TRY', 'USD', rates)).toBe(5000);
    // 333 TRY kuruş = 10.246… cents → 10.
    expect(convertMinor(333, 'TRY', 'USD', rates)).toBe(10);
    expect(convertMinor(1234, 'EUR', 'EUR', {})).toBe(1234);
  });

  it('is unknown while a rate is missing', () => {
    expect(convertMinor(100, 'USD', 'TRY', { USD: 1 })).toBeNull();
    expect(
      quotePrice({
        guideCurrency: 'EUR',
        hourlyRateMinor: 4000,
        vehicleHourlyRateMinor: 0,
        hoursPerDay: 2,
        days: 1,
        currency: 'USD',
        rates: { USD: 1 },
      }),
    ).toBeNull();
  });

  it('totals hours × (rate + vehicle rate) with each rate converted once, over every day', () => {
    expect(
      quotePrice({
        guideCurrency: 'EUR',
        hourlyRateMinor: 4000,
        vehicleHourlyRateMinor: 1500,
        hoursPerDay: 3,
        days: 2,
        currency: 'TRY',
        rates,
      }),
    ).toEqual({
      hourlyRateMinor: 141_304,
      vehicleHourlyRateMinor: 52_989,
      totalHours: 6,
      totalMinor: 6 * (141_304 + 52_989),
    });
  });
});
