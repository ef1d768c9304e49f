import { ERROR_CODES } from '@marco/contract/errors';
import { LOCALES } from '@marco/contract/locales';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

type Catalog = Record<string, unknown>;

const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

function catalogOf(locale: string, namespace: string): Catalog | undefined {
  return files[`./locales/${locale}/${namespace}.json`];
}

/** Flattens `{ a: { b: 'x' } }` to `{ 'a.b': 'x' }`. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else if (prefix) {
    entries.set(prefix, value);
  }
  return entries;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys with i18next plural suffixes folded to their base: each language has its own plural forms. */
function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

function pluralBases(keys: Iterable<string>): Set<string> {
  return new Set([...keys].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translation catalogs', () => {
  it('exist for every locale and namespace', () => {
    for (const locale of LOCALES) {
      for (const namespace of NAMESPACES) {
        expect(catalogOf(locale, namespace), `${locale}/${namespace}.json`).toBeDefined();
      }
    }
  });

  it('have a title and a description for every error code', () => {
    const errors = flatten(catalogOf('en', 'errors'));
    for (const code of ERROR_CODES) {
      expect(errors.get(`${code}.title`), `${code}.title`).toEqual(expect.any(String));
      expect(errors.get(`${code}.description`), `${code}.description`).toEqual(expect.any(String));
    }
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const flat = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(catalogOf(locale, namespace))]));
    const allBases = new Set(LOCALES.flatMap((locale) => [...baseKeys(flat[locale]?.keys() ?? [])]));
    const allPluralBases = new Set(LOCALES.flatMap((locale) => [...pluralBases(flat[locale]?.keys() ?? [])]));

    it.each(LOCALES)('%s has every key another locale has', (locale) => {
      const own = baseKeys(flat[locale]?.keys() ?? []);
      const missing = [...allBases].filter((key) => !own.has(key));
      expect(missing, `missing in ${locale}/${namespace}.json`).toEqual([]);
    });

    it.each(LOCALES)('%s has the plural forms its language needs', (locale) => {
      const keys = new Set(flat[locale]?.keys() ?? []);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const missing = [...allPluralBases].flatMap((base) =>
        categories.map((category) => `${base}_${category}`).filter((key) => !keys.has(key)),
      );
      expect(missing, `plural forms missing in ${locale}/${namespace}.json`).toEqual([]);
    });

    it.each(LOCALES)('%s has no empty values', (locale) => {
      const empty = [...(flat[locale] ?? new Map())]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, `empty or non-text values in ${locale}/${namespace}.json`).toEqual([]);
    });

    it.each(LOCALES)('%s keeps the placeholders of English', (locale) => {
      const source = flat.en ?? new Map<string, unknown>();
      const target = flat[locale] ?? new Map<string, unknown>();
      const mismatched = [...source]
        .filter(([key]) => !PLURAL_SUFFIX.test(key) && typeof target.get(key) === 'string')
        .filter(([key, text]) => placeholders(String(text)).join() !== placeholders(String(target.get(key))).join())
        .map(([key]) => key);
      expect(mismatched, `placeholders differ in ${locale}/${namespace}.json`).toEqual([]);
    });
  });
});
