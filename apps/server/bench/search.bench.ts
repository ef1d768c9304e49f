// `npm run bench:search`: guide search under load. Builds a fresh database with 100,000
// approved guides (languages, service types, weekly schedules; BENCH_GUIDES to change),
// then drives search-guides-public with 50 connections over a mix of filter and sort
// shapes, and the trivial health route of the same server, and prints req/s, p50, p99,
// the search/trivial ratio and the server's peak RSS. PGlite by default; PostgreSQL when
// DATABASE_URL is set (a new database is created next to it and dropped afterwards).
// Ratings and review counts are synthetic here (there is no reviews table yet): this
// throwaway database only exercises the sorts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { type LoadResult, load, printResults, startServer } from './support.js';

const GUIDES = Number(process.env.BENCH_GUIDES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

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
    const started = Date.now();
    await db.execute(sql`insert into users (user_name, name, surname, gender_id)
      select 'bench-' || n, 'Guide', 'N' || n,
             (select id from genders where key = case when n % 2 = 0 then 'female' else 'male' end)
        from generate_series(1, ${GUIDES}) as n`);
    await db.execute(sql`
      with c as (select id, country_id, timezone, row_number() over (order by key) - 1 as i from cities),
           u as (select id, row_number() over (order by user_name) as n from users where user_name like 'bench-%')
      insert into guides (user_id, status, is_active, stage, city_id, country_id, timezone, hourly_rate_minor, currency,
                          rating, review_count, created_at)
      select u.id, case when u.n % 20 = 0 then 'submitted' else 'approved' end, u.n % 50 <> 0, 8,
             c.id, c.country_id, c.timezone,
             case u.n % 3 when 0 then 2000 + (u.n * 7919) % 10000 when 1 then 2000 + (u.n * 7919) % 9000
                          else 80000 + (u.n * 7919) % 400000 end,
             (array['USD', 'EUR', 'TRY'])[1 + u.n % 3],
             case when u.n % 4 = 0 then null else round(((u.n * 31) % 50) / 10.0, 1) end,
             case when u.n % 4 = 0 then 0 else (u.n * 13) % 300 end,
             now() - (u.n || ' minutes')::interval
        from u join c on c.i = u.n % 12`);
    await db.execute(sql`
      insert into guide_languages (guide_id, language_id, level_id, is_primary)
      select g.id, l.id, (select id from language_levels where key = 'native'), true
        from (select id, row_number() over (order by id) as n from guides) g
        join (select id, row_number() over (order by position) - 1 as i, count(*) over () as total from languages) l
          on l.i = g.n % l.total`);
    await db.execute(sql`
      insert into guide_languages (guide_id, language_id, level_id, is_primary)
      select g.id, (select id from languages where code = 'en'), (select id from language_levels where key = 'fluent'), false
        from guides g
       where not exists (select 1 from guide_languages gl join languages l on l.id = gl.language_id
                          where gl.guide_id = g.id and l.code = 'en')
         and g.id::text < '8'`);
    await db.execute(sql`
      insert into guide_service_kinds (guide_id, service_kind_id)
      select id, (select id from service_kinds where key = 'guidance') from guides`);
    await db.execute(sql`
      insert into guide_service_types (guide_id, service_kind_id, service_type_id)
      select g.id, (select id from service_kinds where key = 'guidance'), t.id
        from (select id, row_number() over (order by id) as n from guides) g
        join (select id, row_number() over (order by position) - 1 as i from service_types where set = 'primary') t
          on t.i in (g.n % 10, (g.n + 3) % 10)`);
    await db.execute(sql`
      insert into guide_work_plans (guide_id, plan_type, start_hour, end_hour, weekdays)
      select id, 'weekly', 9 + (abs(hashtext(id::text)) % 4), 17,
             case abs(hashtext(id::text)) % 3 when 0 then '{1,2,3,4,5}'::smallint[] when 1 then '{5,6,7}'::smallint[]
                                               else '{2,4}'::smallint[] end
        from guides`);
    await db.execute(sql`analyze`);
    console.log(`Seeded ${GUIDES} guides in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
        'city + language + max price, price ↑',
        {
          location: { type: 'city', id: istanbul.id },
          languages: ['en'],
          maxPriceMinor: 6000,
          currency: 'EUR',
          sort: 'price_asc',
        },
      ],
      ['country, newest', { location: { type: 'country', id: rome.countryId }, sort: 'newest' }],
      ['no filter, most reviewed', { sort: 'reviews' }],
      [
        'city + dates (5 days), top rated',
        { location: { type: 'city', id: rome.id }, dateFrom: day(0), dateTo: day(4) },
      ],
    ];
    const results: LoadResult[] = [];
    results.push(await load('health (trivial)', { url: `${server.baseUrl}/api/health`, seconds }));
    for (const [name, body] of shapes) {
      results.push(
        await load(`search: ${name}`, {
          url: `${server.baseUrl}/api/app/search-public/search-guides-public`,
          method: 'POST',
          body: JSON.stringify(body),
          seconds,
        }),
      );
    }
    const trivial = results[0] as LoadResult;
    printResults(
      `Guide search over ${GUIDES} guides on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${seconds} s each, 50 connections)`,
      results,
      server.peakRssMb(),
    );
    for (const result of results.slice(1)) {
      console.log(`ratio ${result.name} / trivial: ${(result.rps / trivial.rps).toFixed(2)}`);
    }
  } finally {
    await server.stop();
  }
} finally {
  await fresh.drop();
}
