// `npm run bench:search`: guide search under load. Builds a fresh database with 100,000
// guides (BENCH_GUIDES to change; 95% public) with languages, service types, weekly
// schedules, special days and free dates, all in bulk SQL, then fills the search
// availability index the way the server keeps it (refreshSearchAvailability). Then drives
// search-guides-public with 50 connections over a mix of filter and sort shapes (BENCH_SECONDS
// each, a pause between shapes so one shape's backlog never lands on the next), and the
// trivial health route of the same server, and prints req/s, p50, p99, the search/trivial
// ratios, the server's peak RSS and the JavaScript size of `/` and `/guides` (bundle.ts).
// PGlite by default; PostgreSQL when DATABASE_URL is set (a new database is created next
// to it and dropped afterwards). Ratings and review counts are set on the guides directly
// (what the reviews context maintains); this throwaway database only exercises the sorts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { measureBundles, printBundles } from './bundle.js';
import { seedSearchBench } from './search-seed.js';
import { type LoadResult, load, printResults, startServer } from './support.js';

const GUIDES = Number(process.env.BENCH_GUIDES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 3000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-bench-search-'));
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `marco_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString() },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function seedGuides(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await prepareDatabase(database, { seedReference: true });
    await seedSearchBench(db, GUIDES);
  } finally {
    await database.close();
  }
}

const fresh = await freshDatabase();
try {
  await seedGuides(fresh.env);
  const server = await startServer(fresh.env);
  try {
    const citiesResponse = await fetch(`${server.baseUrl}/api/app/address-public/get-cities`);
    const places = ((await citiesResponse.json()) as { data: unknown }).data as Array<{
      id: string;
      key: string;
      countryId: string;
    }>;
    const istanbul = places.find((city) => city.key === 'istanbul');
    const rome = places.find((city) => city.key === 'rome');
    if (!istanbul || !rome) throw new Error('reference cities missing');
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const shapes: Array<[string, object]> = [
      ['city, top rated', { location: { type: 'city', id: istanbul.id } }],
      [
        'city + language + max price (EUR), price ↑',
        {
          location: { type: 'city', id: istanbul.id },
          languages: ['en'],
          maxPriceMinor: 6000,
          currency: 'EUR',
          sort: 'price_asc',
        },
      ],
      ['country, newest, page 3', { location: { type: 'country', id: rome.countryId }, sort: 'newest', page: 3 }],
      [
        'service types + gender + min rating, most reviewed',
        { serviceTypes: ['historical_places', 'food_and_drink'], gender: 'female', minRating: 4, sort: 'reviews' },
      ],
      ['no filter, price ↓', { sort: 'price_desc' }],
      ['no filter, most reviewed', { sort: 'reviews' }],
      [
        'city + dates (5 days), top rated',
        { location: { type: 'city', id: rome.id }, dateFrom: day(0), dateTo: day(4) },
      ],
      [
        'dates (weekend) + language, price ↑',
        { dateFrom: day(5), dateTo: day(6), languages: ['de', 'fr'], sort: 'price_asc' },
      ],
    ];
    const url = `${server.baseUrl}/api/app/search-public/search-guides-public`;
    for (const [name, body] of shapes) {
      // Every shape must answer (a 400 here would measure the validator, not the search).
      const probe = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      const { total } = (await probe.json()) as { total: number };
      console.log(`shape "${name}": ${total} guides`);
    }
    const results: LoadResult[] = [];
    results.push(await load('health (trivial)', { url: `${server.baseUrl}/api/health`, seconds }));
    for (const [name, body] of shapes) {
      await sleep(pauseMs);
      results.push(await load(`search: ${name}`, { url, method: 'POST', body: JSON.stringify(body), seconds }));
    }
    const trivial = results[0] as LoadResult;
    printResults(
      `Guide search over ${GUIDES} guides on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${seconds} s each, 50 connections, load average ${os.loadavg()[0]?.toFixed(2)} at the end)`,
      results,
      server.peakRssMb(),
    );
    const searches = results.slice(1);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(
      `search (mean of shapes): ${Math.round(mean(searches.map((r) => r.rps)))} req/s, p50 ${mean(searches.map((r) => r.p50)).toFixed(1)} ms, p99 ${mean(searches.map((r) => r.p99)).toFixed(1)} ms; worst p99 ${Math.max(...searches.map((r) => r.p99))} ms`,
    );
    for (const result of searches) {
      console.log(
        `ratio ${result.name} / trivial: req/s ${(result.rps / trivial.rps).toFixed(3)}, p99 ${(result.p99 / Math.max(trivial.p99, 1)).toFixed(1)}×`,
      );
    }
    printBundles(await measureBundles());
  } finally {
    await server.stop();
  }
} finally {
  await fresh.drop();
}
