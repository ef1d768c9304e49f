import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { linkLocale } from '../../platform/locale.js';
import { decidePage } from './routes.js';

const visitor = (url: string, options: { cookie?: string; acceptLanguage?: string } = {}) =>
  ({
    url,
    cookies: options.cookie ? { locale: options.cookie } : {},
    headers: options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {},
  }) as unknown as FastifyRequest;

const GUIDE = '/guides/0195f3c2-1111-7000-8000-000000000001';

describe('a shared guide link', () => {
  it("opens in the recipient's chosen language, else their browser's, else the sharer's", () => {
    expect(linkLocale(visitor(`${GUIDE}?lng=tr`, { cookie: 'de', acceptLanguage: 'fr' }))).toBe('de');
    expect(linkLocale(visitor(`${GUIDE}?lng=tr`, { acceptLanguage: 'fr-CH, en;q=0.5' }))).toBe('fr');
    expect(linkLocale(visitor(`${GUIDE}?lng=tr`, { acceptLanguage: 'ja, pt;q=0.8' }))).toBe('tr');
    expect(linkLocale(visitor(`${GUIDE}?lng=tr`))).toBe('tr');
    expect(linkLocale(visitor(`${GUIDE}?lng=xx`))).toBe('en');
    expect(linkLocale(visitor(GUIDE))).toBe('en');
  });

  it("goes to the profile in that language without the sharer's language in the address", () => {
    expect(decidePage(`${GUIDE}?lng=tr`, 'ar')).toEqual({ kind: 'redirect', location: `/ar${GUIDE}` });
    expect(decidePage(`${GUIDE}?reserve=1&lng=tr&x=a%20b`, 'de')).toEqual({
      kind: 'redirect',
      location: `/de${GUIDE}?reserve=1&x=a%20b`,
    });
    // A prefixed address is already in a language: the parameter changes nothing.
    expect(decidePage(`/it${GUIDE}?lng=tr`, 'de')).toMatchObject({ kind: 'page', locale: 'it' });
  });
});
