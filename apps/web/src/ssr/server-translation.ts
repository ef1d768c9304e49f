import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

export * from 'react-i18next';

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const translations = new WeakMap<I18n, Map<string, Translation>>();

/**
 * react-i18next's `useTranslation` as the server renderer needs it (the SSR build resolves
 * `react-i18next` here, vite.config.ts): a render's language never changes and every catalog is
 * loaded, so a component gets the render's fixed `t` for its namespaces, made once per render.
 * The library's hook copies the i18next instance (its 40 own properties) into a new wrapper and
 * makes a new `t` for every component on every server render, as many as a page has
 * components: about a tenth of a page's rendering time.
 */
export function useTranslation(ns?: string | readonly string[]): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const namespaces = [ns ?? i18n.options.defaultNS ?? 'translation'].flat() as string[];
  const key = namespaces.join(' ');
  let made = translations.get(i18n);
  if (!made) {
    made = new Map();
    translations.set(i18n, made);
  }
  let translation = made.get(key);
  if (!translation) {
    // As react-i18next asks for it: the first namespace by default, the others by prefix.
    const getFixedT = i18n.getFixedT.bind(i18n) as (...args: unknown[]) => TFunction;
    const t = getFixedT(null, namespaces[0], undefined, { scopeNs: namespaces });
    translation = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    made.set(key, translation);
  }
  return translation;
}
