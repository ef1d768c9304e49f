export const LOCALES = ['en', 'tr', 'ar', 'de', 'es', 'fr', 'it', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** A text in every interface language. */
export type Localized = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

// spec §9: the locale cookie lasts 365 days.
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const CURRENCY_COOKIE = 'currency';
/**
 * The server's route that sets the `currency` cookie and sends the visitor back (`?return=` a
 * path of the site): the currency switcher's links before the app runs, without JavaScript.
 */
export const CURRENCY_CHOICE_PATH = '/currency';
