import type { Plugin } from 'vite';

/**
 * `vite build` follows NODE_ENV, so `NODE_ENV=development npm start` used to ship React's
 * development build (half as large again, and slower); a build is always a production build
 * and development is `npm run dev`. Runs before the React plugin, which reads NODE_ENV in its
 * own `config` hook.
 */
export function productionBuildPlugin(): Plugin {
  return {
    name: 'marco:production-build',
    apply: 'build',
    enforce: 'pre',
    config() {
      process.env.NODE_ENV = 'production';
    },
  };
}
