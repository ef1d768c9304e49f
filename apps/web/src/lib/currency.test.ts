import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('useCurrency', () => {
  afterEach(() => {
    window.localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the test writes the cookie as a page would.
    document.cookie = 'currency=; Max-Age=0; Path=/';
  });

  it('takes the cookie, which the server also sets, over an older choice kept in localStorage', async () => {
    window.localStorage.setItem('currency', 'USD');
    // biome-ignore lint/suspicious/noDocumentCookie: as the server's currency route leaves it.
    document.cookie = 'currency=EUR; Path=/';
    // The module reads the stored choice once: a fresh copy reads this test's.
    vi.resetModules();
    const { useCurrency } = await import('./currency');
    const { result } = renderHook(() => useCurrency());
    expect(result.current[0]).toBe('EUR');
  });
});
