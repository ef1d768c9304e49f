import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps app paths', () => {
    expect(safeReturnTo('/settings?tab=1#x')).toBe('/settings?tab=1#x');
  });

  it('refuses other sites and schemes', () => {
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('//evil.example/path')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  it('drops a locale prefix, the current locale is added back', () => {
    expect(safeReturnTo('/tr/messages/1')).toBe('/messages/1');
  });
});

describe('loginPath', () => {
  it('carries where to come back to', () => {
    expect(loginPath('/reservations/7')).toBe('/auth/login?returnTo=%2Freservations%2F7');
    expect(loginPath('https://evil.example')).toBe('/auth/login');
  });
});
