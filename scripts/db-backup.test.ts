import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { seedDemo } from '../apps/server/src/demo/demo.js';
import { createLocalStorage } from '../apps/server/src/platform/storage/local.js';
import { isReachable, SCALE_OUT_DATABASE_URL } from '../apps/server/test/services.js';

// The backup and restore of docs/deploy.md, run as an operator would (`npm run db:backup`,
// `npm run db:restore`) on the local PostgreSQL; skipped, saying so, only when it is unreachable.
const postgresUp = await isReachable(SCALE_OUT_DATABASE_URL);
if (!postgresUp) {
  console.warn(`Skipping the backup and restore test: PostgreSQL is not reachable at ${SCALE_OUT_DATABASE_URL}`);
}

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

const databaseUrl = (name: string) => {
  const url = new URL(SCALE_OUT_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function query<Row>(connectionString: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Every table's row count and a digest of all its rows, and every sequence's position. */
async function contentsOf(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const rows: Record<string, { count: number; digest: string }> = {};
    for (const { name } of tables.rows) {
      const summary = await client.query<{ count: number; digest: string }>(
        `select count(*)::int as count, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
         from ${name} t`,
      );
      rows[name] = summary.rows[0] as { count: number; digest: string };
    }
    const sequences = await client.query<{ name: string; last_value: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value from pg_sequences order by 1`,
    );
    return { rows, sequences: sequences.rows };
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresUp)(
  'backup and restore of a seeded database (npm run db:backup, db:restore)',
  { timeout: 60_000 },
  () => {
    const suffix = crypto.randomUUID().replaceAll('-', '');
    const source = databaseUrl(`marco_test_${suffix}`);
    const target = databaseUrl(`marco_test_${suffix}_restored`);
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-backup-'));
    const backupFile = path.join(workDir, 'marco.dump');

    beforeAll(async () => {
      await query(SCALE_OUT_DATABASE_URL, `create database marco_test_${suffix}`);
      const database = await openPostgres(source, 3);
      try {
        await prepareDatabase(database, { seedReference: true });
        // Accounts, guides with languages, plans and photos, completed reservations, payments and reviews.
        await seedDemo(database.db, createLocalStorage(path.join(workDir, 'files')), { guides: 4, seed: 14 });
      } finally {
        await database.close();
      }
    }, 60_000);

    afterAll(async () => {
      for (const name of [`marco_test_${suffix}`, `marco_test_${suffix}_restored`]) {
        await query(SCALE_OUT_DATABASE_URL, `drop database if exists ${name} with (force)`);
      }
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    it('restores into a new database every table row for row and every sequence where it was', async () => {
      const backup = await run('node', ['scripts/db-backup.mjs', source, backupFile], { cwd: root });
      expect(backup.stdout).toMatch(/^Backed up marco_test_\w+ to /);
      expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
      const restore = await run('node', ['scripts/db-restore.mjs', backupFile, target], { cwd: root });
      expect(restore.stdout).toMatch(/^Restored .* into marco_test_\w+_restored: \d+ tables/);

      const [before, after] = await Promise.all([contentsOf(source), contentsOf(target)]);
      expect(Object.keys(after.rows)).toEqual(Object.keys(before.rows));
      for (const table of [
        'public.users',
        'public.guides',
        'public.reservations',
        'public.reviews',
        'public.languages',
      ]) {
        expect(before.rows[table]?.count, table).toBeGreaterThan(0);
      }
      expect(after.rows).toEqual(before.rows);
      expect(after.sequences).toEqual(before.sequences);
    });

    it('leaves a restored database that migrates with nothing to do', async () => {
      const database = await openPostgres(target, 2);
      try {
        await expect(prepareDatabase(database, { seedReference: false })).resolves.toBeUndefined();
      } finally {
        await database.close();
      }
    });

    it('refuses to restore over an existing database', async () => {
      const again = run('node', ['scripts/db-restore.mjs', backupFile, target], { cwd: root });
      await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    });

    it('writes no backup file when pg_dump fails', async () => {
      const missing = path.join(workDir, 'missing.dump');
      const failed = run('node', ['scripts/db-backup.mjs', databaseUrl(`marco_test_${suffix}_absent`), missing], {
        cwd: root,
      });
      await expect(failed).rejects.toMatchObject({ stderr: expect.stringContaining('no backup written') });
      expect(fs.existsSync(missing)).toBe(false);
      expect(fs.existsSync(`${missing}.partial`)).toBe(false);
    });
  },
);
