import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module the app's `lucide-react` imports resolve to. */
const VIRTUAL_ICONS = '\0marco:icons';
/** Where `npm run dev` serves the sprite (it changes as icons are added; no hash, no cache). */
const DEV_SPRITE_PATH = '/assets/icons.svg';

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

/** The icon components the app imports from lucide-react (types left out), by name. */
export function iconNamesIn(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(LUCIDE_IMPORT)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '';
      if (/^[A-Z][A-Za-z0-9]*$/.test(name)) names.push(name);
    }
  }
  return names;
}

async function scanIconNames(srcDir: string): Promise<string[]> {
  const entries = await fs.readdir(srcDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const names = new Set<string>();
  for (const file of files) for (const name of iconNamesIn(await fs.readFile(file, 'utf8'))) names.add(name);
  return [...names].sort();
}

export interface Sprite {
  /** The sprite file: one `<symbol>` per icon, its id the icon's name. */
  svg: string;
  /** Each icon's own classes, as lucide-react gives them (`lucide lucide-map-pin`). */
  classes: Record<string, string>;
}

/**
 * One `<symbol>` per icon, drawn by lucide-react itself (its markup, less the outer `<svg>`
 * whose attributes each use keeps), so an icon looks exactly as the library draws it.
 */
export async function buildSprite(names: readonly string[]): Promise<Sprite> {
  const [{ createElement }, { renderToStaticMarkup }, lucide] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('lucide-react') as Promise<Record<string, unknown>>,
  ]);
  const classes: Record<string, string> = {};
  const symbols = names.map((name) => {
    const icon = lucide[name];
    // Types (LucideIcon, LucideProps) are not imported at run time; anything else must be an icon.
    if (!icon || typeof icon !== 'object') throw new Error(`lucide-react has no icon ${name}`);
    const markup = renderToStaticMarkup(createElement(icon as Parameters<typeof createElement>[0]));
    const outer = /^<svg[^>]*>/.exec(markup)?.[0] ?? '';
    classes[name] = /class="([^"]*)"/.exec(outer)?.[1] ?? 'lucide';
    const drawing = markup.slice(outer.length).replace(/<\/svg>$/, '');
    return `<symbol id="${name}" viewBox="0 0 24 24">${drawing}</symbol>`;
  });
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`, classes };
}

function iconsModule(sprite: Sprite, spriteUrl: string, component: string): string {
  const lines = [
    `import { spriteIcon } from ${JSON.stringify(component)};`,
    // Everything else of the package (icons the scan did not see, helpers) as it is.
    `export * from 'lucide-react';`,
    ...Object.entries(sprite.classes).map(
      ([name, classes]) =>
        `export const ${name} = /* @__PURE__ */ spriteIcon(${JSON.stringify(`${spriteUrl}#${name}`)}, ${JSON.stringify(classes)}, ${JSON.stringify(name)});`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * lucide icons drawn from one sprite file instead of inline paths: each icon the app shows is
 * an `<svg>` with a `<use>` of its symbol in `/assets/icons-<hash>.svg`, fetched once and
 * cached for good. A page of guide cards carried about 50 icons, 52 KB of its 120 KB of HTML,
 * rendered by React element by element on the server for every page not kept yet and again
 * by the browser when it hydrates (docs/decisions/015). The app keeps importing from
 * `lucide-react`; the import resolves here, for the client, the server's renderer and tests
 * alike, so both sides render the same markup. Written here rather than taken from a plugin:
 * the sprite plugins on npm build from a folder of SVG files, where the icons come from
 * lucide-react and its names.
 */
export function iconSpritePlugin(srcDir: string): Plugin {
  const component = path.join(srcDir, 'components', 'ui', 'sprite-icon.tsx');
  const toolsDir = path.join(srcDir, 'dev') + path.sep;
  let sprite: Sprite = { svg: '', classes: {} };
  let spriteUrl = DEV_SPRITE_PATH;
  let isBuild = false;
  let isSsr = false;
  return {
    name: 'marco:icon-sprite',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
      isSsr = Boolean(config.build.ssr);
    },
    async buildStart() {
      sprite = await buildSprite(await scanIconNames(srcDir));
      if (!isBuild) return;
      const hash = createHash('sha256').update(sprite.svg).digest('base64url').slice(0, 10);
      const fileName = `assets/icons-${hash}.svg`;
      spriteUrl = `/${fileName}`;
      if (!isSsr) this.emitFile({ type: 'asset', fileName, source: sprite.svg });
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_PATH, (_request, response, next) => {
        // An icon name lucide-react lacks (a typo in an import) reaches Vite's error page.
        scanIconNames(srcDir)
          .then(buildSprite)
          .then((current) => {
            response.setHeader('Content-Type', 'image/svg+xml');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(current.svg);
          }, next);
      });
    },
    resolveId(source, importer) {
      if (source !== 'lucide-react' || importer === VIRTUAL_ICONS) return null;
      // The build's own tools (this plugin, under test) draw the sprite from the library itself.
      if (importer?.startsWith(toolsDir)) return null;
      return VIRTUAL_ICONS;
    },
    load(id) {
      return id === VIRTUAL_ICONS ? iconsModule(sprite, spriteUrl, component) : null;
    },
  };
}
