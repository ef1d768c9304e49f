import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a built catalog lives; i18n.ts builds the same address at run time. */
export function catalogFileName(locale: string, namespace: string, version: string): string {
  return `assets/locales/${locale}/${namespace}-${version}.js`;
}

/** The catalogs under `localesDir` as `[locale, namespace, file]`, in a stable order. */
function listCatalogs(localesDir: string): Array<[string, string, string]> {
  return fs
    .readdirSync(localesDir)
    .sort()
    .flatMap((locale) =>
      fs
        .readdirSync(path.join(localesDir, locale))
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name): [string, string, string] => [locale, name.slice(0, -5), path.join(localesDir, locale, name)]),
    );
}

/**
 * A map of 8 locales × 16 namespaces to hashed chunk names cost the entry ~2 KB gzip. Built,
 * each catalog is instead a chunk at an address made of its locale, its namespace and one
 * hash of all catalogs (`__MARCO_CATALOGS__`), so the entry only needs that hash. The dev
 * server and the tests import the JSON sources.
 */
export function catalogChunksPlugin(localesDir: string): Plugin {
  const catalogs = listCatalogs(localesDir);
  const hash = createHash('sha256');
  for (const [locale, namespace, file] of catalogs)
    hash.update(`${locale}/${namespace}\0`).update(fs.readFileSync(file));
  const version = hash.digest('hex').slice(0, 10);
  return {
    name: 'marco:catalog-chunks',
    apply: 'build',
    config: () => ({ define: { __MARCO_CATALOGS__: JSON.stringify(version) } }),
    buildStart() {
      for (const [locale, namespace, file] of catalogs) {
        this.emitFile({
          type: 'chunk',
          id: file,
          fileName: catalogFileName(locale, namespace, version),
          // i18n.ts reads the catalog as the chunk's default export.
          preserveSignature: 'strict',
        });
      }
    },
  };
}
