import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (built web app, PGlite in a temporary directory) for
// the run, Chromium driven by playwright-core. Files run one after another: a browser per
// file is heavy on a two-core machine.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A lazy chunk (the console's charts) or the render after hydration can take seconds on a
    // busy two-core machine; vitest's default of one second failed journeys that were right.
    expect: { poll: { timeout: 10_000 } },
  },
});
