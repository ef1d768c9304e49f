import { describe, expect, it } from 'vitest';
import { timeZoneName, timeZoneOptionLabel } from './time-zone-name';

// A winter day, so names and offsets do not move with daylight saving.
const AT = new Date('2026-01-15T12:00:00Z');

describe('timeZoneName', () => {
  it('names a zone in the reader language, not by its IANA city', () => {
    expect(timeZoneName('Europe/Moscow', 'en', AT)).toMatch(/Moscow/);
    expect(timeZoneName('Europe/Moscow', 'tr', AT)).toMatch(/^Moskova/);
    expect(timeZoneName('Europe/Berlin', 'ar', AT)).toMatch(/^توقيت/);
    expect(timeZoneName('Europe/Berlin', 'ar', AT)).not.toMatch(/Berlin/);
    expect(timeZoneName('America/Adak', 'de', AT)).not.toContain('America/Adak');
  });

  it('keeps an id the runtime does not know', () => {
    expect(timeZoneName('Mars/Olympus_Mons', 'en', AT)).toBe('Mars/Olympus_Mons');
  });
});

describe('timeZoneOptionLabel', () => {
  it('puts the localised name and offset before the id that tells zones of one name apart', () => {
    expect(timeZoneOptionLabel('Europe/Paris', 'fr', AT)).toBe('heure d’Europe centrale (UTC+1) · Europe/Paris');
    expect(timeZoneOptionLabel('America/Argentina/Buenos_Aires', 'en', AT)).toMatch(
      /· America\/Argentina\/Buenos Aires$/,
    );
  });

  it('does not repeat the offset of a zone that has no name', () => {
    expect(timeZoneOptionLabel('Etc/GMT+5', 'en', AT)).toBe('GMT-05:00 · Etc/GMT+5');
  });
});
