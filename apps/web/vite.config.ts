import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { catalogChunksPlugin } from './src/dev/catalog-chunks-plugin.js';
import { compressAssetsPlugin } from './src/dev/compress-assets-plugin.js';
import { htmlLocalePlugin } from './src/dev/html-locale-plugin.js';
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

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    productionBuildPlugin(),
    reactRouterProductionPlugin(),
    react(),
    tailwindcss(),
    htmlLocalePlugin(),
    catalogChunksPlugin(fileURLToPath(new URL('./src/i18n/locales', import.meta.url))),
    precacheManifestPlugin(),
    tailwindMergePrunePlugin([fileURLToPath(new URL('./src', import.meta.url))]),
    compressAssetsPlugin(),
  ],
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
  build: {
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
          groups: [{ name: 'shell', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]i18n[\\/]locales[\\/]/.test(id) }],
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
  },
});
