import { describe, expect, it } from 'vitest';
import { composePhoneNumber, defaultRegionFor, displayPhoneNumber, splitPhoneNumber } from './phone-number';

describe('composePhoneNumber', () => {
  it('puts the country code in front and removes whitespace (spec §5)', () => {
    expect(composePhoneNumber('TR', '555 123 45 67')).toBe('+905551234567');
  });

  it('drops the national trunk 0', () => {
    expect(composePhoneNumber('TR', '0555 123 45 67')).toBe('+905551234567');
    expect(composePhoneNumber('GB', '07700 900123')).toBe('+447700900123');
  });

  it('keeps the leading 0 where it belongs to the number (Italy)', () => {
    expect(composePhoneNumber('IT', '06 1234 5678')).toBe('+390612345678');
  });

  it('keeps a number typed in international form', () => {
    expect(composePhoneNumber('TR', '+49 30 123456')).toBe('+4930123456');
    expect(composePhoneNumber('TR', '0049 30 123456')).toBe('+4930123456');
  });

  it('answers nothing for an empty number, so "required" is reported', () => {
    expect(composePhoneNumber('TR', '   ')).toBe('');
  });
});

describe('splitPhoneNumber', () => {
  it('finds the country of an international number', () => {
    expect(splitPhoneNumber('+905551234567', 'US')).toEqual({ region: 'TR', national: '5551234567' });
  });

  it('prefers the given country when several share a code', () => {
    expect(splitPhoneNumber('+15551234567', 'CA')).toEqual({ region: 'CA', national: '5551234567' });
    expect(splitPhoneNumber('+79161234567', 'TR')).toEqual({ region: 'RU', national: '9161234567' });
  });
});

describe('defaultRegionFor', () => {
  it('follows the locale: tr → Türkiye', () => {
    expect(defaultRegionFor('tr')).toBe('TR');
    expect(defaultRegionFor('ar')).toBe('SA');
  });

  it("uses the browser's region when it speaks the locale", () => {
    expect(defaultRegionFor('en', ['en-GB', 'en'])).toBe('GB');
    expect(defaultRegionFor('en', ['de-AT'])).toBe('US');
  });
});

describe('displayPhoneNumber', () => {
  it('groups the digits for reading', () => {
    expect(displayPhoneNumber('+905551234567')).toBe('+90 555 123 4567');
  });
});
