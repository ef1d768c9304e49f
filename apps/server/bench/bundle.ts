// `npm run bench:bundle` (and the end of `npm run bench:search`): the bytes a browser
// downloads on a first visit of `/` and of `/guides`, from the built app in apps/web/dist (run
// `npm run build` first), as the server sends them: the build's brotli copy to a browser that
// accepts brotli (every current one), its gzip copy to one that accepts only gzip; a text file
// without a copy is compressed on the fly (@fastify/compress, platform/compression.ts), the
// page's HTML once when it is kept (platform/serialized-reply.ts). Raw sizes beside them.
//
// Two sums per page. The JavaScript before the first paint: the entry script and its
// modulepreloads (index.html), the route's lazily loaded page chunk, the English catalogs of
// the namespaces the first paint waits for (main.tsx awaits INITIAL_NAMESPACES of
// apps/web/src/i18n/i18n.ts; the route's own come on top), and every chunk those import
// statically; chunks imported dynamically (other routes, dialogs opened later) are not
// counted. The first visit: that JavaScript, the page's HTML as the server writes it (head,
// lang and dir) and the stylesheets index.html links. The budget applies to the JavaScript
// before the first paint as served (brotli).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Db } from '../src/db/client.js';
import { resolvePageHead } from '../src/modules/web/page-head.js';
import { pageHtml } from '../src/modules/web/routes.js';
import { COMPRESSION_OPTIONS } from '../src/platform/compression.js';
import { KeptBody } from '../src/platform/serialized-reply.js';

const dist = path.resolve(import.meta.dirname, '../../web/dist');
const i18nSource = path.resolve(import.meta.dirname, '../../web/src/i18n/i18n.ts');
/** Brotli bytes of the JavaScript before the first paint, per page. */
export const BUNDLE_TARGET_KB = 150;

/** The pages measured: the path after the locale, the page module's file name and the i18n namespaces its route loads (routes.tsx), besides the initial ones. */
const PAGES: Array<{ route: string; segments: string[]; page: string; namespaces: string[] }> = [
  { route: '/', segments: [], page: 'home-page', namespaces: ['home'] },
  { route: '/guides', segments: ['guides'], page: 'guides-page', namespaces: ['discovery'] },
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

interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sum = (parts: Bytes[]): Bytes =>
  parts.reduce((total, part) => ({
    raw: total.raw + part.raw,
    gzip: total.gzip + part.gzip,
    brotli: total.brotli + part.brotli,
  }));

/** A static file as the server sends it: the build's copy when there is one, else compressed on the fly. */
function servedFile(file: string): Bytes {
  const content = fs.readFileSync(file);
  const copy = (suffix: string, compress: () => Buffer) =>
    fs.existsSync(`${file}${suffix}`) ? fs.statSync(`${file}${suffix}`).size : compress().length;
  return {
    raw: content.length,
    gzip: copy('.gz', () => zlib.gzipSync(content, COMPRESSION_OPTIONS.zlibOptions)),
    brotli: copy('.br', () => zlib.brotliCompressSync(content, COMPRESSION_OPTIONS.brotliOptions)),
  };
}

/** A page's HTML as the server keeps and sends it. */
async function servedPage(indexHtml: string, segments: string[]): Promise<Bytes> {
  // The home and guides pages' heads are fixed texts: nothing is read from a database.
  const head = await resolvePageHead(undefined as unknown as Db, segments, 'en');
  if (!head) throw new Error(`no head for /${segments.join('/')}`);
  const html = pageHtml(indexHtml, head, 'en', { PUBLIC_URL: 'https://marco.example', DEMO_SITE: false });
  const kept = new KeptBody(Buffer.from(html, 'utf8'), 'text/html; charset=utf-8');
  return { raw: kept.body.length, gzip: kept.encoded('gzip').length, brotli: kept.encoded('br').length };
}

export interface BundleSize {
  route: string;
  /** The JavaScript before the first paint. */
  javascript: Bytes & { files: number };
  /** HTML, stylesheets and that JavaScript. */
  firstVisit: Bytes & { files: number };
}

export async function measureBundles(): Promise<BundleSize[] | null> {
  const html = path.join(dist, 'index.html');
  if (!fs.existsSync(html)) return null;
  const indexHtml = fs.readFileSync(html, 'utf8');
  const initial = [
    ...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => assetPath(match[1] as string, html));
  if (!initial[0]) throw new Error('no module script in dist/index.html');
  const stylesheets = [...indexHtml.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) =>
    assetPath(match[1] as string, html),
  );
  const shared = new Set<string>();
  for (const file of initial) staticClosure(file, shared);
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const englishCatalogs = fs.readdirSync(path.join(dist, 'assets/locales/en'));
  const waitedFor = initialNamespaces();
  return Promise.all(
    PAGES.map(async ({ route, segments, page: pageName, namespaces: routeNamespaces }) => {
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
      const javascript = sum([...files].map(servedFile));
      const firstVisit = sum([javascript, await servedPage(indexHtml, segments), ...stylesheets.map(servedFile)]);
      return {
        route,
        javascript: { ...javascript, files: files.size },
        firstVisit: { ...firstVisit, files: files.size + stylesheets.length + 1 },
      };
    }),
  );
}

const kb = (bytes: number) => (Math.round(bytes / 102.4) / 10).toFixed(1);

/** Prints the sizes; false when a page's JavaScript before the first paint is over the budget. */
export function printBundles(sizes: BundleSize[] | null): boolean {
  if (!sizes) {
    console.log('\nFirst visit: apps/web/dist is missing (run `npm run build`).');
    return true;
  }
  console.log(
    `\nBytes downloaded on a first visit, as served (KB; budget: JavaScript before first paint, brotli < ${BUNDLE_TARGET_KB} KB)`,
  );
  console.log('| page | what | files | raw | gzip | brotli (served) |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const { route, javascript, firstVisit } of sizes) {
    for (const [what, bytes] of [
      ['JavaScript before first paint', javascript],
      ['first visit: HTML, CSS, JavaScript, catalogs', firstVisit],
    ] as const) {
      console.log(
        `| ${route} | ${what} | ${bytes.files} | ${kb(bytes.raw)} | ${kb(bytes.gzip)} | ${kb(bytes.brotli)} |`,
      );
    }
  }
  const over = sizes.filter((size) => size.javascript.brotli / 1024 >= BUNDLE_TARGET_KB);
  for (const size of over) console.log(`Over budget: ${size.route} (${kb(size.javascript.brotli)} KB)`);
  return over.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!printBundles(await measureBundles())) process.exitCode = 1;
}
