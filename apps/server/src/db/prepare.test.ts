import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReachable, SCALE_OUT_DATABASE_URL } from '../../test/services.js';
import { type Database, openPostgres } from './client.js';
import { MIGRATION_SETS } from './migration-sets.js';
import { prepareDatabase } from './prepare.js';

// Two instances started together (deploy/compose.yaml, a rolling upgrade) prepare the same
// database at once; on PGlite only one process ever opens it, so this is PostgreSQL's case.
const postgresUp = await isReachable(SCALE_OUT_DATABASE_URL);
if (!postgresUp) {
  console.warn(`Skipping the concurrent preparation test: PostgreSQL is not reachable at ${SCALE_OUT_DATABASE_URL}`);
}

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

async function query(connectionString: string, text: string) {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!postgresUp)('preparing one PostgreSQL database from two instances at once', () => {
  const name = `marco_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const databases: Database[] = [];
  const url = new URL(SCALE_OUT_DATABASE_URL);
  url.pathname = `/${name}`;
  const target = url.toString();

  beforeAll(async () => {
    await query(SCALE_OUT_DATABASE_URL, `create database ${name}`);
    databases.push(await openPostgres(target, 3), await openPostgres(target, 3));
  });

  afterAll(async () => {
    await Promise.allSettled(databases.map((database) => database.close()));
    await query(SCALE_OUT_DATABASE_URL, `drop database if exists ${name} with (force)`);
  });

  it('succeeds on both, each migration applied once and the reference data seeded once', async () => {
    await Promise.all(databases.map((database) => prepareDatabase(database, { seedReference: true })));

    for (const set of MIGRATION_SETS) {
      const journal = path.join(SERVER_DIR, set.folder, 'meta', '_journal.json');
      if (!fs.existsSync(journal)) continue;
      const entries = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries;
      const applied = await query(target, `select count(*)::int as count from drizzle."${set.table}"`);
      expect(applied.rows[0].count, set.name).toBe(entries.length);
    }
    const languages = await query(
      target,
      'select count(*)::int as count, count(distinct code)::int as codes from languages',
    );
    expect(languages.rows[0].count).toBeGreaterThan(0);
    expect(languages.rows[0].count).toBe(languages.rows[0].codes);
  });

  it('leaves nothing to do for an instance that starts later, and holds no lock afterwards', async () => {
    await prepareDatabase(databases[1] as Database, { seedReference: true });
    const locks = await query(
      SCALE_OUT_DATABASE_URL,
      `select count(*)::int as count from pg_locks l join pg_database d on d.oid = l.database
       where l.locktype = 'advisory' and d.datname = '${name}'`,
    );
    expect(locks.rows[0].count).toBe(0);
  });
});
