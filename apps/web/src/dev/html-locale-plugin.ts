import type { Plugin } from 'vite';

// Vite loads its config with Node, which cannot import the contract's TypeScript, so the
// locales are repeated here; html-locale-plugin.test.ts keeps them equal to the contract's.
export const DEV_LOCALES = ['en', 'tr', 'ar', 'de', 'es', 'fr', 'it', 'ru'] as const;
export const DEV_RTL_LOCALES: readonly string[] = ['ar'];

/** `<html lang dir>` for a request URL: its locale prefix, else English. */
export function htmlTagFor(url: string): string {
  const prefix = url.split(/[/?#]/)[1] ?? '';
  const locale = (DEV_LOCALES as readonly string[]).includes(prefix) ? prefix : 'en';
  const dir = DEV_RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  return `<html lang="${locale}" dir="${dir}">`;
}

/**
 * In production the server rewrites `<html lang dir>` per request. The dev server does the
 * same from the URL's locale prefix, so Arabic renders right-to-left from the first paint.
 */
export function htmlLocalePlugin(): Plugin {
  return {
    name: 'marco:html-locale',
    apply: 'serve',
    transformIndexHtml(html, ctx) {
      return html.replace('<html lang="en" dir="ltr">', htmlTagFor(ctx.originalUrl ?? ctx.path));
    },
  };
}
