// `npm run bench:search`: guide search under load. Builds a fresh database with 100,000
// guides (BENCH_GUIDES to change; 95% public) with languages, service types, weekly
// schedules, special days and free dates, all in bulk SQL, then fills the search
// availability index the way the server keeps it (refreshSearchAvailability). Then drives
// search-guides-public with 50 connections over a mix of filter and sort shapes (BENCH_SECONDS
// each, a pause between shapes so one shape's backlog never lands on the next), and the
// trivial health route of the same server, and prints req/s, p50, p99, the search/trivial
// ratios, the server's peak RSS and the JavaScript size of `/` and `/guides` (bundle.ts).
// On PostgreSQL a mixed phase follows (issue 17): the same shapes while a second client
// commits BENCH_WRITES_PER_SECOND (20) changes a second that search reads, spread over the
// public guides: schedules, free dates, prices, reviews (rating and count, as the reviews
// context keeps them), and new reservations.
// PGlite by default; PostgreSQL when DATABASE_URL is set (a new database is created next
// to it and dropped afterwards; with BENCH_TEMPLATE=<name> it is copied from that database,
// which is seeded first if it does not exist yet and kept, so repeated runs skip the seeding).
// BENCH_CPU_PROF=<folder>: a CPU profile of the server over the search shapes (support.ts).
// BENCH_SHAPES=<part>,<part>: only the shapes whose name holds one of the parts.
// Ratings and review counts are set on the guides directly (what the reviews context
// maintains); this throwaway database only exercises the sorts.
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
const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

async function adminQuery(url: string, query: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(query);
  } finally {
    await admin.end();
  }
}

async function freshDatabase(): Promise<{ env: Record<string, string>; seeded: boolean; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-bench-search-'));
    return {
      env: { DATA_DIR: dataDir },
      seeded: false,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `marco_bench_${Date.now()}`;
  const template = process.env.BENCH_TEMPLATE;
  if (template && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error('BENCH_TEMPLATE: a lower-case database name');
  if (template) {
    const exists = await adminQuery(url, `select 1 from pg_database where datname = '${template}'`);
    if (!exists.rowCount) {
      await adminQuery(url, `create database ${template}`);
      await seedGuides({ DATABASE_URL: databaseUrl(url, template) });
    }
    await adminQuery(url, `create database ${name} template ${template}`);
  } else {
    await adminQuery(url, `create database ${name}`);
  }
  return {
    env: { DATABASE_URL: databaseUrl(url, name) },
    seeded: Boolean(template),
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

/**
 * Commits `perSecond` changes a second that search reads, each in its own transaction, to
 * guides picked at random; stops when `stop` is called and answers how many it committed
 * and their p99 commit time.
 */
function startWriter(url: string, perSecond: number) {
  const client = new pg.Client({ connectionString: url });
  let running = true;
  let committed = 0;
  const latencies: number[] = [];
  const done = (async () => {
    await client.connect();
    const guides = (
      await client.query<{ id: string; user_id: string; city_id: string; timezone: string }>(
        `select id, user_id, city_id, timezone from search_guides`,
      )
    ).rows;
    const [tourist] = (await client.query<{ id: string }>(`select id from users order by id limit 1`)).rows;
    const changes: Array<(guide: (typeof guides)[number]) => Promise<unknown>> = [
      // A schedule: the weekly plan's first hour moves.
      (guide) =>
        client.query(
          `update guide_work_plans set start_hour = 8 + floor(random() * 4)::int where guide_id = $1 and plan_type = 'weekly'`,
          [guide.id],
        ),
      // A free date within the next weeks.
      (guide) =>
        client.query(
          `insert into guide_free_dates (guide_id, date, start_hour, end_hour)
           values ($1, current_date + 1 + floor(random() * 40)::int, 18, 21)`,
          [guide.id],
        ),
      // A price.
      (guide) =>
        client.query(
          `update guides set hourly_rate_minor = greatest(1000, hourly_rate_minor + floor(random() * 400)::int - 200)
            where id = $1`,
          [guide.id],
        ),
      // A review: the rating and count the reviews context keeps on the guide.
      (guide) =>
        client.query(
          `update guides set review_count = review_count + 1, rating = round((random() * 5)::numeric, 1) where id = $1`,
          [guide.id],
        ),
      // A new reservation request.
      (guide) =>
        client.query(
          `insert into reservations (id, guide_id, guide_user_id, tourist_id, city_id, timezone, start_hour, end_hour,
                                     starts_at, ends_at, meeting_point, contact_phone, contact_email, currency,
                                     hourly_rate_minor, total_hours, total_minor, status, created_at, updated_at)
           values (gen_random_uuid(), $1, $2, $3, $4, $5, 10, 12, now() + interval '10 days',
                   now() + interval '10 days 2 hours', 'Bench', '+15550000000', 'bench@example.com', 'USD',
                   5000, 2, 10000, 'pending', now(), now())`,
          [guide.id, guide.user_id, tourist?.id, guide.city_id, guide.timezone],
        ),
    ];
    const intervalMs = 1000 / perSecond;
    const started = performance.now();
    for (let index = 0; running; index += 1) {
      const due = started + index * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const guide = guides[Math.floor(Math.random() * guides.length)];
      const change = changes[index % changes.length];
      if (!guide || !change) continue;
      const before = performance.now();
      await change(guide);
      latencies.push(performance.now() - before);
      committed += 1;
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      latencies.sort((a, b) => a - b);
      return { committed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
    },
  };
}

const fresh = await freshDatabase();
try {
  if (!fresh.seeded) await seedGuides(fresh.env);
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
    const allShapes: Array<[string, object]> = [
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
    // BENCH_SHAPES=<part>,<part>: only the shapes whose name holds one of them (comparing two builds on one shape).
    const only = process.env.BENCH_SHAPES?.split(',');
    const shapes = allShapes.filter(([name]) => !only || only.some((part) => name.includes(part)));
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
    const stopProfile = await server.profile('search-shapes');
    for (const [name, body] of shapes) {
      await sleep(pauseMs);
      results.push(await load(`search: ${name}`, { url, method: 'POST', body: JSON.stringify(body), seconds }));
    }
    await stopProfile();
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
    const mixedUrl = fresh.env.DATABASE_URL;
    if (mixedUrl && writesPerSecond > 0) {
      const mixed: LoadResult[] = [];
      let committed = 0;
      let commitP99 = 0;
      let elapsed = 0;
      for (const [name, body] of shapes) {
        await sleep(pauseMs);
        const writer = startWriter(mixedUrl, writesPerSecond);
        const started = performance.now();
        mixed.push(
          await load(`search under writes: ${name}`, { url, method: 'POST', body: JSON.stringify(body), seconds }),
        );
        elapsed += (performance.now() - started) / 1000;
        const written = await writer.stop();
        committed += written.committed;
        commitP99 = Math.max(commitP99, written.p99);
      }
      printResults(
        `Mixed phase: the same shapes while ${writesPerSecond} changes a second commit (${(committed / elapsed).toFixed(1)}/s achieved, worst p99 commit ${commitP99.toFixed(1)} ms; load average ${os.loadavg()[0]?.toFixed(2)} at the end)`,
        mixed,
        server.peakRssMb(),
      );
      console.log(
        `search under writes (mean of shapes): ${Math.round(mean(mixed.map((r) => r.rps)))} req/s, p99 ${mean(mixed.map((r) => r.p99)).toFixed(1)} ms; worst p99 ${Math.max(...mixed.map((r) => r.p99))} ms`,
      );
    }
    printBundles(await measureBundles());
  } finally {
    await server.stop();
  }
} finally {
  await fresh.drop();
}
