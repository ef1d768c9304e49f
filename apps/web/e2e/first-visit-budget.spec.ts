import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface BundleModule {
  BUNDLE_TARGET_KB: number;
  measureBundles(): Promise<Array<{ route: string; javascript: { brotli: number } }> | null>;
}

// Read through a path rather than an import: the server's modules (and their types) stay out of
// the web project's type check.
const bundleModule = path.resolve(import.meta.dirname, '../../server/bench/bundle.ts');
const { BUNDLE_TARGET_KB, measureBundles } = (await import(bundleModule)) as BundleModule;

// The built app's bytes as the server sends them (apps/server/bench/bundle.ts): sizes only, no
// browser and no time. A schema library pulled into the entry chunk once raised them by a sixth
// without a test noticing (decision 015, 7 December).
describe('a first visit', () => {
  it(`downloads less than ${BUNDLE_TARGET_KB} KB of JavaScript before the first paint, as served`, async () => {
    const sizes = await measureBundles();
    expect(sizes, 'apps/web/dist is built before the journeys').not.toBeNull();
    const overBudget = (sizes ?? [])
      .map(({ route, javascript }) => ({ route, kb: Math.round(javascript.brotli / 102.4) / 10 }))
      .filter(({ kb }) => kb >= BUNDLE_TARGET_KB);
    expect(overBudget).toEqual([]);
    expect(sizes?.map(({ route }) => route)).toEqual(['/', '/guides']);
  });
});
