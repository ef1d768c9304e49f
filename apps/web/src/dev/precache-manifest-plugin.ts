import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { DEV_LOCALES } from './html-locale-plugin.js';

export const PRECACHE_FILE = 'sw-precache.js';

/** Public files of the shell (not processed by Vite, so named here). */
export const PUBLIC_SHELL = [
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/maskable-192.png',
] as const;

export interface PrecacheManifest {
  /** Changes whenever any listed file changes (their names carry content hashes). */
  build: string;
  /** The app shell: index.html, the entry chunk with its static imports and CSS, the home page. */
  shell: string[];
  /** Per locale: its catalog chunks and its manifest. */
  locales: Record<string, string[]>;
  /** Per locale: the static page shown for a navigation when nothing better is cached. */
  offline: Record<string, string>;
}

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports?: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};
type OutputBundle = Record<string, OutputChunk | { type: 'asset'; fileName: string }>;

/** The sprite every icon is drawn from (icon-sprite-plugin.ts). */
const ICON_SPRITE = /^assets\/icons-[\w-]+\.svg$/;
const CATALOG = /[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/][\w-]+\.json$/;
// Offline, `/` leads to the home page: it is precached with the shell.
const HOME_PAGE = /[\\/]src[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/;
// Other pages are loaded on navigation, not with the shell.
const PAGE = /[\\/]src[\\/]features[\\/][\w-]+[\\/]pages[\\/]/;

/** Computes the precache list from a bundle (exported for its test). */
export function buildPrecacheManifest(bundle: OutputBundle): PrecacheManifest {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);

  const shell = new Set<string>(['/index.html', ...PUBLIC_SHELL]);
  const addWithImports = (chunk: OutputChunk | undefined) => {
    if (!chunk || shell.has(`/${chunk.fileName}`)) return;
    shell.add(`/${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
    for (const imported of chunk.imports) addWithImports(chunks.get(imported));
    // Parts of the shell loaded after the first paint (footer, consent, toasts, …) work offline too.
    for (const imported of chunk.dynamicImports ?? []) {
      const deferred = chunks.get(imported);
      const id = deferred?.facadeModuleId ?? '';
      if (!PAGE.test(id) && !CATALOG.test(id)) addWithImports(deferred);
    }
  };
  for (const file of Object.values(bundle)) {
    if (file.type === 'asset' && ICON_SPRITE.test(file.fileName)) shell.add(`/${file.fileName}`);
  }
  for (const chunk of chunks.values()) {
    const id = chunk.facadeModuleId ?? '';
    // Catalogs are entries of their own (catalog-chunks-plugin.ts); they are cached per locale.
    if ((chunk.isEntry && !CATALOG.test(id)) || HOME_PAGE.test(id)) addWithImports(chunk);
  }

  const locales: Record<string, string[]> = Object.fromEntries(
    DEV_LOCALES.map((locale) => [locale, [`/manifests/${locale}.webmanifest`]]),
  );
  for (const chunk of chunks.values()) {
    const locale = chunk.facadeModuleId ? CATALOG.exec(chunk.facadeModuleId)?.[1] : undefined;
    if (locale && locales[locale]) locales[locale].push(`/${chunk.fileName}`);
  }
  for (const files of Object.values(locales)) files.sort();

  const offline = Object.fromEntries(DEV_LOCALES.map((locale) => [locale, `/offline/${locale}.html`]));
  const list = [...shell].sort();
  const build = createHash('sha256')
    .update(JSON.stringify([list, locales]))
    .digest('hex')
    .slice(0, 12);
  return { build, shell: list, locales, offline };
}

/**
 * Writes `sw-precache.js` next to the build: the list public/sw.js precaches. The service
 * worker imports it, so a new build (new hashed names) is a new worker.
 */
export function precacheManifestPlugin(): Plugin {
  return {
    name: 'marco:precache-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const manifest = buildPrecacheManifest(bundle as unknown as OutputBundle);
      this.emitFile({
        type: 'asset',
        fileName: PRECACHE_FILE,
        source: `// Written by the build (src/dev/precache-manifest-plugin.ts); read by /sw.js.\nself.__MARCO_PRECACHE__ = ${JSON.stringify(manifest)};\n`,
      });
    },
  };
}
