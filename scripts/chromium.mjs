// Finds a Chromium for the browser journeys, or installs one, and says what it did.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function playwrightCacheChromium() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(cache)) return null;
  for (const entry of fs
    .readdirSync(cache)
    .filter((name) => name.startsWith('chromium'))
    .sort()
    .reverse()) {
    for (const binary of [
      'chrome-linux/chrome',
      'chrome-linux64/chrome',
      'chrome-headless-shell-linux64/chrome-headless-shell',
    ]) {
      const candidate = path.join(cache, entry, binary);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return null;
}

export function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return { path: process.env.CHROMIUM_PATH, how: 'CHROMIUM_PATH' };
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (fs.existsSync(candidate)) return { path: candidate, how: 'found on the system' };
  }
  const cached = playwrightCacheChromium();
  return cached ? { path: cached, how: "found in Playwright's cache" } : null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) {
    console.log(`Chromium: ${found.path} (${found.how})`);
    return found.path;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/etc/debian_version')) {
    console.log("Chromium: none found; installing Debian's chromium package (apt-get)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.log("Chromium: none found; downloading Playwright's Chromium (npx playwright-core install chromium)…");
    execFileSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit' });
  }
  const installed = findChromium();
  if (!installed) throw new Error('Chromium could not be installed; set CHROMIUM_PATH to a Chromium binary');
  console.log(`Chromium: ${installed.path} (installed)`);
  return installed.path;
}
