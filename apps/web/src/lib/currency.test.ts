import { describe, expect, it } from 'vitest';
import { formatMoney } from './currency';

describe('formatMoney', () => {
  it('shows dollars with the plain sign in Arabic, never "US$"', () => {
    const text = formatMoney(12_500, 'USD', 'ar');
    expect(text).toContain('$');
    expect(text).not.toContain('US');
    expect(text.replace(/[^\d٠-٩]/g, '')).toMatch(/^(12500|١٢٥٠٠)$/);
  });

  it('keeps the locale order of sign and number', () => {
    expect(formatMoney(12_500, 'USD', 'en')).toBe('$125.00');
    expect(formatMoney(12_500, 'EUR', 'de')).toBe('125,00\u00a0€');
    expect(formatMoney(12_500, 'USD', 'fr')).not.toContain('US');
  });

  it('writes lira amounts with TL (spec §1)', () => {
    expect(formatMoney(150_050, 'TRY', 'tr')).toBe('1.500,50 TL');
  });

  it('leaves out the cents of whole amounts only when asked', () => {
    expect(formatMoney(5_000, 'USD', 'en', { trimWholeCents: true })).toBe('$50');
    expect(formatMoney(5_050, 'USD', 'en', { trimWholeCents: true })).toBe('$50.50');
    expect(formatMoney(5_000, 'TRY', 'en', { trimWholeCents: true })).toBe('50 TL');
    expect(formatMoney(5_000, 'USD', 'en')).toBe('$50.00');
  });
});
