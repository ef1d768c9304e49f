import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * Names only React's development builds carry (its owner stacks and debug info); the
 * production builds have none of them. Checked against React's own files below, so a React
 * upgrade that drops them fails here rather than letting a development bundle through.
 */
const DEVELOPMENT_MARKERS = ['react_stack_bottom_frame', '_debugStack', 'react-stack-top-frame'];
/**
 * The same for the server's renderer, whose production build also parses component stacks
 * (so carries the two stack-frame names): owner stacks and the dev-only prop validation.
 */
const SERVER_DEVELOPMENT_MARKERS = ['_debugStack', 'validateProperty'];

const reactFile = (name: string) => fs.readFileSync(path.join(root, 'node_modules', name), 'utf8');
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe('web build', () => {
  let outDir = '';

  // Built with NODE_ENV=development on purpose: the build must not follow it.
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-web-build-'));
    await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'development' },
    });
    await run('npx', ['vite', 'build', '--ssr', '--outDir', path.join(outDir, 'ssr'), '--logLevel', 'error'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'development' },
    });
  }, 180_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('recognises React development builds by names only they carry', () => {
    for (const marker of DEVELOPMENT_MARKERS) {
      expect(reactFile('react-dom/cjs/react-dom-client.development.js')).toContain(marker);
      expect(reactFile('react-dom/cjs/react-dom-client.production.js')).not.toContain(marker);
      expect(reactFile('react/cjs/react.production.js')).not.toContain(marker);
    }
    for (const marker of SERVER_DEVELOPMENT_MARKERS) {
      expect(reactFile('react-dom/cjs/react-dom-server.node.development.js')).toContain(marker);
      expect(reactFile('react-dom/cjs/react-dom-server.node.production.js')).not.toContain(marker);
    }
  });

  it('is a production build under NODE_ENV=development, the server’s renderer too', () => {
    const scripts = filesUnder(outDir).filter((file) => file.endsWith('.js'));
    expect(scripts).toContain(path.join(outDir, 'ssr', 'entry-server.js'));
    expect(scripts.length).toBeGreaterThan(10);
    const development = scripts.flatMap((file) => {
      const code = fs.readFileSync(file, 'utf8');
      const markers = file.includes(`${path.sep}ssr${path.sep}`) ? SERVER_DEVELOPMENT_MARKERS : DEVELOPMENT_MARKERS;
      return markers
        .filter((marker) => code.includes(marker))
        .map((marker) => `${path.relative(outDir, file)}: ${marker}`);
    });
    expect(development).toEqual([]);
  });

  it('writes brotli and gzip copies of every text file of 1 KB or more, and of nothing smaller', () => {
    // The server's renderer is code the server runs, never sent to a browser.
    const files = filesUnder(outDir).filter((file) => !file.startsWith(path.join(outDir, 'ssr')));
    const text = files.filter((file) => /\.(?:js|css|svg|html|json|webmanifest)$/.test(file));
    const large = text.filter((file) => fs.statSync(file).size >= 1024);
    expect(large.some((file) => file.endsWith('.css'))).toBe(true);
    expect(large.some((file) => file.endsWith('.webmanifest'))).toBe(true);
    for (const file of large) {
      const content = fs.readFileSync(file);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(content), `${file}.br`).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(content), `${file}.gz`).toBe(true);
    }
    for (const file of text.filter((name) => !large.includes(name))) expect(fs.existsSync(`${file}.br`)).toBe(false);
    const images = files.filter((file) => file.endsWith('.png'));
    expect(images.length).toBeGreaterThan(0);
    for (const file of images) expect(fs.existsSync(`${file}.br`)).toBe(false);
  });
});
