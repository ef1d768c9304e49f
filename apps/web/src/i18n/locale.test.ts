import { LOCALE_COOKIE } from '@marco/contract/locales';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '@/lib/cookies';
import { i18n } from './i18n';
import { activateLocale } from './locale';

describe('activateLocale', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await activateLocale('en');
  });

  it('applies and remembers the latest choice when an earlier language finishes loading after it', async () => {
    const change = i18n.changeLanguage.bind(i18n);
    let releaseFrench: () => void = () => {};
    const frenchLoaded = new Promise<void>((resolve) => {
      releaseFrench = resolve;
    });
    vi.spyOn(i18n, 'changeLanguage').mockImplementation(async (language) => {
      // French's catalogs are slow to arrive; German's come at once.
      if (language === 'fr') await frenchLoaded;
      return change(language);
    });

    const french = activateLocale('fr');
    await activateLocale('de');
    releaseFrench();
    await french;

    expect(document.documentElement.lang).toBe('de');
    expect(readCookie(LOCALE_COOKIE)).toBe('de');
  });
});
