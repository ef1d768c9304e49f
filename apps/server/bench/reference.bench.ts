// `npm run bench`: what one request costs Marco. In one run on the same machine: a bare Fastify
// JSON route (the yardstick), then Marco's health route (one query), a reference list (from
// memory), the HTML shell of the home page and search-places, 50 connections each, printed
// with their share of the bare route's throughput, and the server's peak memory.
// PGlite by default; PostgreSQL when DATABASE_URL is set.
import { fork } from 'node:child_process';
import path from 'node:path';
import { buildWebIfNeeded } from '../../../scripts/lib.mjs';
import { freePort, type LoadResult, load, printResults, startServer } from './support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// What a browser sends: compressed answers are part of the cost being measured.
const headers = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };

async function measureBare(): Promise<LoadResult> {
  const port = await freePort();
  const bare = fork(path.join(import.meta.dirname, 'bare-fastify.mjs'), [], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    bare.once('message', () => resolve());
    bare.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  try {
    return await load('bare Fastify JSON route', { url: `http://127.0.0.1:${port}/bare`, seconds, headers });
  } finally {
    bare.kill('SIGTERM');
    await new Promise((resolve) => bare.once('exit', resolve));
  }
}

await buildWebIfNeeded();
const bare = await measureBare();
const server = await startServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const results = [bare];
  for (const [name, url] of [
    ['health (one query)', '/api/health'],
    ['languages (reference list)', '/api/app/search-public/languages'],
    ['HTML shell /en/', '/en/'],
    ['search-places ?query=ist', '/api/app/search-public/search-places?query=ist'],
  ] as const) {
    results.push(await load(name, { url: server.baseUrl + url, seconds, headers }));
  }
  printResults(
    `Per-request cost on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${seconds} s each, 50 connections)`,
    results,
    server.peakRssMb(),
    bare,
  );
} finally {
  await server.stop();
}
