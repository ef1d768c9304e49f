import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest keeps one core for its main process by default: one worker on the 2-core
    // machines CI runs on, which left a core mostly idle while tests waited on PGlite,
    // PostgreSQL and jsdom (the unit run took 535 s with one worker, 364 s with two).
    maxWorkers: os.availableParallelism(),
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
