import { defineConfig } from 'vitest/config';
import { LongestFirst } from './support/longest-first.js';

// Browser journeys: one real server (built web app, PGlite in a temporary directory) for
// the run, Chromium driven by playwright-core. Two files at a time: one at a time left half of
// a two-core machine idle while pages waited on the network. On 27 November 2026 the run took
// 476 s two at a time, while its files' own times added up to 908 s; more would only queue. On
// 28 November three at a time took 868 s against 855 s for two: each file took a third longer.
// The longest files start first (support/longest-first.ts), so none is left to run alone at the end.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/report-failure.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // A journey of many pages took 45-60 s alone on a slower two-core machine (27 November
    // 2026) and failed by time beside another: failures by behaviour come from the checks'
    // own waits, not from this bound.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A lazy chunk (the console's charts) or the render after hydration can take seconds on a
    // busy two-core machine; vitest's default of one second failed journeys that were right.
    expect: { poll: { timeout: 10_000 } },
  },
});
