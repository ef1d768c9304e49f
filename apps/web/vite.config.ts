import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { htmlLocalePlugin } from './src/dev/html-locale-plugin.js';
import { precacheManifestPlugin } from './src/dev/precache-manifest-plugin.js';
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
    reactRouterProductionPlugin(),
    react(),
    tailwindcss(),
    htmlLocalePlugin(),
    precacheManifestPlugin(),
    tailwindMergePrunePlugin([fileURLToPath(new URL('./src', import.meta.url))]),
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
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
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
