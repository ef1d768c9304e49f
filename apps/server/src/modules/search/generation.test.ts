import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReachable, SCALE_OUT_DATABASE_URL } from '../../../test/services.js';
import { type Database, openPglite, openPostgres } from '../../db/client.js';
import { prepareDatabase } from '../../db/prepare.js';
import { LISTENER_NAME, openSearchGeneration, type SearchGeneration } from './generation.js';

// The listening side needs a real PostgreSQL server (CI has one); skipped, saying so, only
// when it cannot be reached.
const postgresUp = await isReachable(SCALE_OUT_DATABASE_URL);
if (!postgresUp) console.warn(`Skipping the search generation test: no PostgreSQL at ${SCALE_OUT_DATABASE_URL}`);

const until = async (condition: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!postgresUp)('search generation on PostgreSQL', () => {
  const name = `marco_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const target = new URL(SCALE_OUT_DATABASE_URL);
  target.pathname = `/${name}`;
  let database: Database;
  let writer: pg.Client;
  let generation: SearchGeneration;
  const warnings: string[] = [];

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: SCALE_OUT_DATABASE_URL });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  const holdsStill = async () => {
    const first = generation.current();
    return first === generation.current();
  };
  /** What search reads, changed by a session of its own (another instance, say). */
  const touchRates = () => writer.query('update currency_rates set updated_at = updated_at');

  beforeAll(async () => {
    await admin(`create database ${name}`);
    database = await openPostgres(target.toString(), 3);
    await prepareDatabase(database, { seedReference: true });
    writer = new pg.Client({ connectionString: target.toString() });
    await writer.connect();
    generation = await openSearchGeneration(database.db, (message) => warnings.push(message), 300);
  });

  afterAll(async () => {
    await generation?.close();
    await writer?.end();
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('moves on when a change to what search reads commits, and not before', async () => {
    const before = generation.current();
    expect(generation.current()).toBe(before);
    await writer.query('begin');
    await touchRates();
    await generation.sync();
    expect(generation.current()).toBe(before);
    await writer.query('commit');
    await generation.sync();
    const after = generation.current();
    expect(after).toBeGreaterThan(before);
    expect(generation.current()).toBe(after);
  });

  it('stays put for writes search does not read, and for rolled back ones', async () => {
    const before = generation.current();
    await writer.query('update sessions set last_seen_at = now()');
    await writer.query('begin');
    await touchRates();
    await writer.query('rollback');
    await generation.sync();
    expect(generation.current()).toBe(before);
  });

  it('keeps nothing while its connection is lost, and listens again', async () => {
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and application_name = '${LISTENER_NAME}'`,
    );
    await until(async () => warnings.length > 0, 'the lost connection is noticed');
    expect(warnings[0]).toMatch(/search_generation: not listening/);
    // Until it listens again (retried after 300 ms), every search is a generation of its own.
    expect(await holdsStill()).toBe(false);
    await until(holdsStill, 'it listens again');
    const before = generation.current();
    await touchRates();
    await generation.sync();
    expect(generation.current()).toBeGreaterThan(before);
  });
});

/**
 * The PGlite test migrates a new embedded database of its own: about 5 s alone, past the 30 s
 * default on a busy two-core machine (27 November 2026, beside the browser journeys).
 */
const NEW_EMBEDDED_DATABASE_MS = 120_000;

describe('search generation on PGlite', () => {
  it('moves on as soon as a change to what search reads commits, and not before', {
    timeout: NEW_EMBEDDED_DATABASE_MS,
  }, async () => {
    const database = await openPglite('memory://');
    try {
      await prepareDatabase(database, { seedReference: true });
      const generation = await openSearchGeneration(database.db, () => {});
      const before = generation.current();
      expect(generation.current()).toBe(before);
      await database.db.transaction(async (tx) => {
        await tx.execute('update currency_rates set updated_at = updated_at');
        expect(generation.current()).toBe(before);
      });
      const after = generation.current();
      expect(after).toBeGreaterThan(before);
      await database.db.execute('update sessions set last_seen_at = now()');
      expect(generation.current()).toBe(after);
      await generation.close();
    } finally {
      await database.close();
    }
  });
});
