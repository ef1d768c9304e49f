// `npm run bench:web`: what a first visit on a mid-range phone over fast 4G costs (issue 16):
// Chromium at 412×823, 150 ms round trip, 1.6 MB/s down, 750 KB/s up, the CPU 4× slower,
// caching off. For `/en/`, `/en/guides`, a guide's profile, a city and `/ar/`: the largest
// contentful paint (the main heading's first paint where Chromium reports none), the time
// until the page is interactive (hydrated), the bytes transferred, and the JavaScript bytes
// loaded before it is interactive; median of three loads each.
//
// Runs against the built app (`npm run build`) and the demo marketplace in a temporary
// database, or against a running Marco: `npm run bench:web -- --base-url http://127.0.0.1:3000`.
// A benchmark, not a test: nothing is asserted; on a shared machine read the figures as such.
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startDemoServer } from '../../web/e2e/support/demo-server.js';

const { values } = parseArgs({
  options: { 'base-url': { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const RUNS = Number(values.runs);

const PHONE = { width: 412, height: 823 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000, uploadThroughput: 750_000 };
const CPU_SLOWDOWN = 4;

/** What the page's functions read (this file is compiled without the DOM's types). */
interface PageGlobals {
  document: { getElementById(id: string): (object & { childElementCount: number }) | null };
  __marcoBench: { lcp: number | null; heading: number | null };
}

interface Load {
  lcpMs: number;
  interactiveMs: number;
  bytes: number;
  jsBytesBeforeInteractive: number;
  /** The same without the responses' status lines and headers (HTTP/2 compresses and shares those). */
  jsBodyBytesBeforeInteractive: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// Recorded in the page from its first byte on: the largest contentful paint, and when the main
// heading was first seen (for a page whose paint timings are unavailable).
const OBSERVE_PAINT = `
  window.__marcoBench = { lcp: null, heading: null };
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) window.__marcoBench.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const seeHeading = () => {
    if (window.__marcoBench.heading === null && document.querySelector('h1')) {
      requestAnimationFrame(() => { window.__marcoBench.heading ??= performance.now(); });
    }
  };
  new MutationObserver(seeHeading).observe(document, { childList: true, subtree: true });
`;

async function loadOnce(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE_PAINT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  const headerBytes = new Map<string, number>();
  let bytes = 0;
  let jsBytes = 0;
  let jsBodyBytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    // What had arrived when the headers had: the status line and headers.
    headerBytes.set(event.requestId, event.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) !== 'Script') return;
    jsBytes += event.encodedDataLength;
    jsBodyBytes += event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0);
  });
  await page.goto(url, { waitUntil: 'load' });
  await waitForInteractive(page);
  const interactiveMs = await page.evaluate(() => performance.now());
  const jsBytesBeforeInteractive = jsBytes;
  const jsBodyBytesBeforeInteractive = jsBodyBytes;
  await page.waitForLoadState('networkidle');
  // The largest paint may still move to a picture that finished loading.
  await page.waitForTimeout(500);
  const marks = await page.evaluate(() => (globalThis as unknown as PageGlobals).__marcoBench);
  await context.close();
  return {
    lcpMs: marks.lcp ?? marks.heading ?? Number.NaN,
    interactiveMs,
    bytes,
    jsBytesBeforeInteractive,
    jsBodyBytesBeforeInteractive,
  };
}

/** Hydrated (a public page) or rendered by the client (any other): React owns #root. */
async function waitForInteractive(page: Page) {
  await page.waitForFunction(
    () => {
      const root = (globalThis as unknown as PageGlobals).document.getElementById('root');
      return (
        root !== null &&
        Object.keys(root).some((key) => key.startsWith('__reactContainer')) &&
        root.childElementCount > 0
      );
    },
    undefined,
    { timeout: 60_000 },
  );
}

async function main() {
  const server = values['base-url'] ? null : await startDemoServer(24);
  const baseUrl = values['base-url'] ?? server?.baseUrl ?? '';
  try {
    const search = await fetch(`${baseUrl}/api/app/search-public/search-guides-public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ pageSize: 1, sort: 'rating' }),
    });
    const guide = ((await search.json()) as { data: Array<{ id: string }> }).data[0];
    const pages = ['/en/', '/en/guides', `/en/guides/${guide?.id}`, '/en/explore/istanbul', '/ar/'];
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    console.log(
      `Chromium ${PHONE.width}×${PHONE.height}, ${NETWORK.latency} ms RTT, ${NETWORK.downloadThroughput / 1e6} MB/s down, CPU ${CPU_SLOWDOWN}× slower, no cache; median of ${RUNS} loads\n`,
    );
    console.log(
      '| page | largest paint | interactive | transferred | JS before interactive | of which JavaScript (compressed bodies) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    try {
      for (const path of pages) {
        const loads: Load[] = [];
        for (let run = 0; run < RUNS; run += 1) loads.push(await loadOnce(browser, `${baseUrl}${path}`));
        const name = path.replace(/[0-9a-f-]{36}/, '{guide}');
        const kb = (value: number) => `${(value / 1000).toFixed(1)} KB`;
        const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
        console.log(
          `| \`${name}\` | ${s(median(loads.map((l) => l.lcpMs)))} | ${s(median(loads.map((l) => l.interactiveMs)))} | ${kb(median(loads.map((l) => l.bytes)))} | ${kb(median(loads.map((l) => l.jsBytesBeforeInteractive)))} | ${kb(median(loads.map((l) => l.jsBodyBytesBeforeInteractive)))} |`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server?.stop();
  }
}

await main();
