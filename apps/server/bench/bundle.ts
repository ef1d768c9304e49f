// `npm run bench:bundle` (and the end of `npm run bench:search`): the gzip size of the
// JavaScript the browser loads before the first paint of `/` and of `/guides`, from the
// built app in apps/web/dist (run `npm run build` first). That is the entry script and its
// modulepreloads (index.html), the route's lazily loaded page chunk, the English catalogs of
// the namespaces the first paint waits for (main.tsx awaits INITIAL_NAMESPACES of
// apps/web/src/i18n/i18n.ts; the route's own come on top), and every chunk those import
// statically. Chunks imported dynamically (other routes, dialogs opened later) are not counted.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../../web/dist');
const i18nSource = path.resolve(import.meta.dirname, '../../web/src/i18n/i18n.ts');
export const BUNDLE_TARGET_KB = 150;

/** The pages measured: the page module's file name and the i18n namespaces its route loads (routes.tsx), besides the initial ones. */
const PAGES: Array<{ route: string; page: string; namespaces: string[] }> = [
  { route: '/', page: 'home-page', namespaces: ['home'] },
  { route: '/guides', page: 'guides-page', namespaces: ['discovery'] },
];

/** The namespaces every page waits for, read from the source so the two cannot drift apart. */
function initialNamespaces(): string[] {
  const list = fs.readFileSync(i18nSource, 'utf8').match(/INITIAL_NAMESPACES\s*=\s*\[([^\]]*)\]/)?.[1];
  if (list === undefined) throw new Error(`no INITIAL_NAMESPACES list in ${i18nSource}`);
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/'([\w-]+)'/g)].map((match) => match[1] as string);
}

const assetPath = (reference: string, from: string) =>
  reference.startsWith('/') ? path.join(dist, reference) : path.resolve(path.dirname(from), reference);

/** `file` and the chunks it imports statically (`import … from "./x.js"`, `import "./x.js"`), recursively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{},\s]+from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
    staticClosure(assetPath(match[1] as string, file), seen);
  }
  return seen;
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

export interface BundleSize {
  route: string;
  files: number;
  gzipKb: number;
}

export function measureBundles(): BundleSize[] | null {
  const html = path.join(dist, 'index.html');
  if (!fs.existsSync(html)) return null;
  const page = fs.readFileSync(html, 'utf8');
  const initial = [
    ...page.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => assetPath(match[1] as string, html));
  const entry = initial[0];
  if (!entry) throw new Error('no module script in dist/index.html');
  const shared = new Set<string>();
  for (const file of initial) staticClosure(file, shared);
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const englishCatalogs = fs.readdirSync(path.join(dist, 'assets/locales/en'));
  const waitedFor = initialNamespaces();
  return PAGES.map(({ route, page: pageName, namespaces: routeNamespaces }) => {
    const namespaces = new Set([...waitedFor, ...routeNamespaces]);
    const files = new Set(shared);
    const chunk = assets.find((name) => name.startsWith(`${pageName}-`) && name.endsWith('.js'));
    if (!chunk) throw new Error(`no chunk for ${pageName} in dist/assets`);
    staticClosure(path.join(dist, 'assets', chunk), files);
    for (const namespace of namespaces) {
      // Built catalogs live at assets/locales/<locale>/<namespace>-<hash>.js (catalog-chunks-plugin.ts).
      const catalog = englishCatalogs.find((name) => name.startsWith(`${namespace}-`) && name.endsWith('.js'));
      if (!catalog) throw new Error(`no English ${namespace} catalog chunk in dist/assets/locales/en`);
      staticClosure(path.join(dist, 'assets/locales/en', catalog), files);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
    return { route, files: files.size, gzipKb: Math.round(bytes / 102.4) / 10 };
  });
}

export function printBundles(sizes: BundleSize[] | null) {
  if (!sizes) {
    console.log('\nJavaScript before first paint: apps/web/dist is missing (run `npm run build`).');
    return;
  }
  console.log(`\nJavaScript before first paint (gzip, target < ${BUNDLE_TARGET_KB} KB)`);
  console.log('| page | files | gzip KB |');
  console.log('|---|---:|---:|');
  for (const size of sizes) console.log(`| ${size.route} | ${size.files} | ${size.gzipKb} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printBundles(measureBundles());
