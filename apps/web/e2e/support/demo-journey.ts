import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startDemoServer } from './demo-server.js';

/**
 * A journey on a demo marketplace of its own (the global test server seeds none): the server,
 * with `guides` demo guides, and a browser start before the journey's tests and stop after them.
 * Read `site` and `browser` inside the tests, once they have started.
 */
export function demoJourney(guides: number): { site: string; browser: Browser } {
  const journey = { site: '', browser: undefined as unknown as Browser };
  let stopServer: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const server = await startDemoServer(guides);
    journey.site = server.baseUrl;
    stopServer = server.stop;
    journey.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await journey.browser?.close();
    await stopServer();
  });
  return journey;
}
