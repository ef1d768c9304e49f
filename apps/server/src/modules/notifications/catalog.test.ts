import { LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { NOTICE_CATALOG, NOTICE_KINDS, renderNotice } from './catalog.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the server-side notice catalog', () => {
  for (const kind of NOTICE_KINDS) {
    it(`${kind} exists in every locale with the same placeholders as English`, () => {
      const english = NOTICE_CATALOG.en[kind];
      for (const locale of LOCALES) {
        const copy = NOTICE_CATALOG[locale][kind];
        for (const part of ['subject', 'body', 'sms'] as const) {
          expect(copy[part].trim(), `${locale} ${kind} ${part}`).not.toBe('');
          expect(placeholders(copy[part]), `${locale} ${kind} ${part}`).toEqual(placeholders(english[part]));
        }
        if (locale !== 'en') expect(copy.body, `${locale} ${kind}`).not.toBe(english.body);
      }
    });
  }

  it('fills every placeholder and names an unknown party politely', () => {
    const notice = renderNotice('reservation.approved', 'tr', {
      name: '',
      when: '8 Haz 2026 10:00',
      link: 'https://x/y',
    });
    expect(notice.email.subject).toBe('Bir Marco kullanıcısı rezervasyonunuzu onayladı');
    expect(notice.email.text).toContain('https://x/y');
    expect(notice.sms.text).not.toMatch(/\{\w+\}/);
  });
});
