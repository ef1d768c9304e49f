// `npm run bench`: what one request costs Marco. In one run on the same machine: a bare Fastify
// JSON route (the yardstick) and the same bare route sending Marco's languages answer as is
// (what the answer costs to send), then Marco's health route (one query), a reference list (from
// memory), the HTML shell of a page the client renders, the home page and a guide's profile as
// the server renders and keeps them, search-places, and guide search with a new query in every
// tenth request (rendered then), 50 connections each, on the demo marketplace (24 guides), printed
// with their share of the bare route's throughput, and the server's peak memory. Each row is
// loaded for BENCH_WARMUP_SECONDS (2) before it is measured: a route measured cold (the first
// row, above all) counted the JIT's warm-up, which moved every share computed from it.
// PGlite by default; PostgreSQL when DATABASE_URL is set. BENCH_CPU_PROF=<folder>: a CPU profile of
// the server per route row (support.ts).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfNeeded } from '../../../scripts/lib.mjs';
import { freePort, type LoadResult, load, printResults, startServer } from './support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// What a browser sends: compressed answers are part of the cost being measured.
const headers = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };

const LANGUAGES = '/api/app/search-public/languages';

/**
 * A row: loaded for the warm-up (its result forgotten), then measured, with the server's CPU
 * profile, when one is asked for, over the measured part only. With `nextPath` the warm-up's
 * new queries are new to the measured load too: the count goes on.
 */
async function measure(
  name: string,
  url: string,
  options: { nextPath?: () => string; profile?: () => Promise<() => Promise<void>> } = {},
): Promise<LoadResult> {
  const paths = options.nextPath ? { nextPath: options.nextPath } : {};
  if (warmupSeconds > 0) await load('warm-up', { url, seconds: warmupSeconds, headers, ...paths });
  const stopProfile = await options.profile?.();
  const result = await load(name, { url, seconds, headers, ...paths });
  await stopProfile?.();
  return result;
}

/** Marco's answer to `url` as a browser gets it: its headers (less the connection's own) and raw bytes. */
function rawAnswer(url: string): Promise<{ headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const kept = Object.entries(response.headers).filter(
            ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
          );
          resolve({
            headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])),
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

/** The bare Fastify yardsticks: its own JSON route, and Marco's languages answer sent as is. */
async function measureBare(answerFile: string): Promise<LoadResult[]> {
  const port = await freePort();
  const bare = fork(path.join(import.meta.dirname, 'bare-fastify.mjs'), [], {
    env: { ...process.env, PORT: String(port), BARE_ANSWER: answerFile },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    bare.once('message', () => resolve());
    bare.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  try {
    return [
      await measure('bare Fastify JSON route', `http://127.0.0.1:${port}/bare`),
      await measure('bare Fastify sending the languages answer', `http://127.0.0.1:${port}/same-answer`),
    ];
  } finally {
    bare.kill('SIGTERM');
    await new Promise((resolve) => bare.once('exit', resolve));
  }
}

/** A guide of the demo marketplace, for the profile row. */
async function someGuideId(baseUrl: string): Promise<string> {
  const search = await fetch(`${baseUrl}/api/app/search-public/search-guides-public`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ pageSize: 1, sort: 'rating' }),
  });
  const guide = ((await search.json()) as { data: Array<{ id: string }> }).data[0];
  if (!guide) throw new Error('no public guide to measure a profile with (on PostgreSQL: npm run seed:demo)');
  return guide.id;
}

/** Guide search pages as visitors ask them: nine in ten the kept first page, one in ten a price limit never asked before. */
function searchPages() {
  let request = 0;
  return () => {
    request += 1;
    return request % 10 === 0 ? `/en/guides?maxPrice=${100 + request}` : '/en/guides';
  };
}

await buildWebIfNeeded();
// The pages rendered on the server show guides, as a live marketplace's do: a fresh PGlite gets
// the demo marketplace; a PostgreSQL database (DATABASE_URL) is measured with what it holds.
const server = process.env.DATABASE_URL
  ? await startServer({ DATABASE_URL: process.env.DATABASE_URL })
  : await startServer({}, { demoGuides: 24 });
try {
  // Marco idles while the yardsticks run: the bare process gets the machine as Marco will.
  const answerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marco-bench-answer-')), 'languages.json');
  fs.writeFileSync(answerFile, JSON.stringify(await rawAnswer(server.baseUrl + LANGUAGES)));
  const results = await measureBare(answerFile);
  const [bare] = results;
  for (const [name, url] of [
    ['health (one query)', '/api/health'],
    ['languages (reference list)', LANGUAGES],
    // A page the client renders (sign-in, members' pages): the header and a skeleton, kept.
    ['HTML shell /en/auth/login', '/en/auth/login'],
    // A visitor's page rendered on the server and kept (docs/decisions/015).
    ['home page rendered on the server /en/', '/en/'],
    ['search-places ?query=ist', '/api/app/search-public/search-places?query=ist'],
    ['guide profile rendered on the server (kept)', `/en/guides/${await someGuideId(server.baseUrl)}`],
  ] as const) {
    results.push(
      await measure(name, server.baseUrl + url, {
        profile: () => server.profile(name.replace(/[^a-z0-9]+/gi, '-')),
      }),
    );
  }
  // Every tenth request a page not kept yet: the server renders it (search, then React).
  results.push(
    await measure('guide search rendered, a tenth with a new query /en/guides', server.baseUrl, {
      nextPath: searchPages(),
      profile: () => server.profile('guide-search-rendered'),
    }),
  );
  printResults(
    `Per-request cost on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${seconds} s each, 50 connections)`,
    results,
    server.peakRssMb(),
    bare,
  );
} finally {
  await server.stop();
}
