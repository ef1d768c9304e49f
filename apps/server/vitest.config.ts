import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // One process per worker for all its files, as a server runs for days: the files did not
    // each need the server's modules loaded anew (on 28 November 2026 the suite took 231 s
    // against 362 s), and state a module keeps across requests now meets many files' work (that
    // is how an Arabic receipt's text was found to depend on the receipts drawn before it).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
