import { describe, expect, it } from 'vitest';
import { convertMinor } from './money';

const RATES = [
  { code: 'USD' as const, unitsPerUsd: 1 },
  { code: 'EUR' as const, unitsPerUsd: 0.92 },
  { code: 'TRY' as const, unitsPerUsd: 34.5 },
];

describe('convertMinor', () => {
  it('converts through the dollar rates and rounds to the minor unit, as the search does', () => {
    expect(convertMinor(6500, 'EUR', 'USD', RATES)).toBe(Math.round((6500 * 1) / 0.92));
    expect(convertMinor(5000, 'USD', 'TRY', RATES)).toBe(172_500);
  });

  it('keeps the amount in its own currency and answers null without rates', () => {
    expect(convertMinor(5000, 'USD', 'USD', [])).toBe(5000);
    expect(convertMinor(5000, 'USD', 'EUR', [])).toBeNull();
  });
});
