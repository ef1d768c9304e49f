import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { catalogChunksPlugin } from './src/dev/catalog-chunks-plugin.js';
import { compressAssetsPlugin } from './src/dev/compress-assets-plugin.js';
import { htmlLocalePlugin } from './src/dev/html-locale-plugin.js';
import { iconSpritePlugin } from './src/dev/icon-sprite-plugin.js';
import { precacheManifestPlugin } from './src/dev/precache-manifest-plugin.js';
import { productionBuildPlugin } from './src/dev/production-build-plugin.js';
import { tailwindMergePrunePlugin } from './src/dev/tailwind-merge-prune-plugin.js';

const REACT_ROUTER_ENTRIES: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};

/**
 * React Router ships its production build (dev warnings compiled out) in dist/production,
 * but its package exports point at dist/development only; the build takes the former.
 */
function reactRouterProductionPlugin(): Plugin {
  const dist = fileURLToPath(new URL('dist/', import.meta.resolve('react-router/package.json')));
  return {
    name: 'marco:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const entry = REACT_ROUTER_ENTRIES[source];
      return entry ? `${dist}production/${entry}` : null;
    },
  };
}

/**
 * The server's renderer takes react-i18next's hook from src/ssr/server-translation.ts (which
 * says why); everything else of the library, and the browser's build, stay as they are.
 */
function serverTranslationPlugin(): Plugin {
  const hook = fileURLToPath(new URL('./src/ssr/server-translation.ts', import.meta.url));
  return {
    name: 'marco:server-translation',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react-i18next' && importer !== hook ? hook : null;
    },
  };
}

const SRC_DIR = fileURLToPath(new URL('./src', import.meta.url));

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * `vite build --ssr` (the second half of `npm run build`): the server's renderer of public
 * pages, one self-contained module in dist/ssr that the server imports (docs/decisions/015).
 * It renders with the same plugins that shape the client's markup (React, tailwind-merge's
 * pruning), and writes no assets, catalogs, precache list or compressed copies.
 */
const SSR_BUILD = {
  outDir: 'dist/ssr',
  emptyOutDir: false,
  copyPublicDir: false,
  ssrEmitAssets: false,
  rolldownOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: 'entry-server.js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The renderer bundles React and its libraries, whose CommonJS builds pick development or
  // production by reading process.env.NODE_ENV when the server loads them; unset (the demo,
  // `npm start`) meant React's development server renderer, several times slower per page.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  plugins: isSsrBuild
    ? [
        productionBuildPlugin(),
        reactRouterProductionPlugin(),
        serverTranslationPlugin(),
        iconSpritePlugin(SRC_DIR),
        react(),
        tailwindMergePrunePlugin([fileURLToPath(new URL('./src', import.meta.url))]),
      ]
    : [
        productionBuildPlugin(),
        reactRouterProductionPlugin(),
        iconSpritePlugin(SRC_DIR),
        react(),
        tailwindcss(),
        htmlLocalePlugin(),
        catalogChunksPlugin(fileURLToPath(new URL('./src/i18n/locales', import.meta.url))),
        precacheManifestPlugin(),
        tailwindMergePrunePlugin([fileURLToPath(new URL('./src', import.meta.url))]),
        compressAssetsPlugin(),
      ],
  // Bundled whole, so the server needs none of the web app's packages at run time.
  ssr: { noExternal: true, target: 'node' },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  // A catalog chunk is read whole (its default export); named exports would only add bytes.
  json: { namedExports: false },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/connect': { target: apiTarget, ws: true },
    },
  },
  build: isSsrBuild
    ? SSR_BUILD
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Every browser of the build target but Safari 16 and Firefox 114 preloads modules natively;
        // those two only lose the head start, not a feature.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // The entry lists every chunk a lazy import preloads; names there cost bytes before the
            // first paint, so only pages (found by name in bench/bundle.ts) keep theirs.
            chunkFileNames: (chunk) => (chunk.name.endsWith('-page') ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
            codeSplitting: {
              // The catalogs are entries of their own (catalog-chunks-plugin.ts), not part of the shell.
              groups: [
                { name: 'shell', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]i18n[\\/]locales[\\/]/.test(id) },
              ],
            },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Room for findBy's five seconds (src/testing/setup-tests.ts) and what follows it.
    testTimeout: 15_000,
  },
}));
