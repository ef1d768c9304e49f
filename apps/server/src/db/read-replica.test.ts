import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import { createApprovedGuide, type TestGuide } from '../../test/guide-factories.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, driverOf, openPglite, openPostgres } from './client.js';

/*
 * The routing of DATABASE_READ_URL, made visible: the "replica" here is a snapshot of the
 * primary that never catches up, so every answer says which database it was read from.
 * Guide search, public profiles and reference lists must come from the snapshot; a caller's
 * own writes, and their own public page, from the primary.
 */

const API = '/api/app';
const DETAIL = `${API}/user-detail-public/get-guide-user-detail-with-id`;
const SEARCH = `${API}/search-public/search-guides-public`;

let primary: Database;
let dropPrimary: () => Promise<void>;
let replica: { database: Database; drop(): Promise<void> };
let dataDir: string;
let app: FastifyInstance;
let giulia: TestGuide;
let marta: TestGuide;
let romeId: string;

const testConfig = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    WEB_DIST_DIR: path.join(import.meta.dirname, 'no-web-build'),
  });

/** A copy of `database` as it is now, in a database of its own. */
async function snapshotOf(database: Database): Promise<{ database: Database; drop(): Promise<void> }> {
  const driver = driverOf(database.db);
  if (driver.engine === 'pglite') {
    const copy = await openPglite('memory://', await driver.client.dumpDataDir('none'));
    return { database: copy, drop: () => copy.close() };
  }
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  const source = (await driver.pool.query<{ name: string }>('select current_database() as name')).rows[0]?.name;
  const name = `marco_replica_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  // A template must have no other sessions: the primary's idle connections are ended (its
  // pool opens new ones on the next query).
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [source]);
  await admin.query(`create database ${name} template ${source}`);
  await admin.end();
  url.pathname = `/${name}`;
  const copy = await openPostgres(url.toString(), 5);
  return {
    database: copy,
    drop: async () => {
      await copy.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const updateAbout = (guide: TestGuide, about: string) =>
  app.inject({
    method: 'PUT',
    url: `${API}/user-guide-operation-public/update-user-guide`,
    headers: guide.user.headers,
    payload: { about },
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-replica-'));
  ({ database: primary, drop: dropPrimary } = await openTestDatabase());
  // Giulia is public before the snapshot is taken, so the replica knows her; Marta only
  // after, so only the primary does.
  const before = await buildApp({ config: testConfig(), db: primary.db, version: 'test' });
  giulia = await createApprovedGuide(before, primary.db, { city: 'rome', name: 'Giulia' });
  await before.close();
  replica = await snapshotOf(primary);
  app = await buildApp({ config: testConfig(), db: primary.db, readDb: replica.database.db, version: 'test' });
  await app.ready();
  marta = await createApprovedGuide(app, primary.db, { city: 'rome', name: 'Marta' });
  const cities = (await app.inject({ method: 'GET', url: `${API}/address-public/get-cities` })).json().data as Array<{
    id: string;
    key: string;
  }>;
  romeId = cities.find((city) => city.key === 'rome')?.id as string;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await replica?.drop();
  await dropPrimary?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a read replica (DATABASE_READ_URL)', () => {
  it('answers guide search from the replica', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { location: { type: 'city', id: romeId } },
    });
    expect(response.statusCode).toBe(200);
    // Marta is public on the primary only.
    expect(response.json().data.map((card: { name: string }) => card.name)).toEqual(['Giulia']);
  });

  it("answers a visitor's public profile from the replica", async () => {
    await expect(updateAbout(giulia, 'Rome by night, new tours every week.')).resolves.toMatchObject({
      statusCode: 200,
    });
    const visitor = await app.inject({ method: 'GET', url: `${DETAIL}/${giulia.guideId}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().about).toBe('I show travellers the hidden corners of my city.');
    expect((await app.inject({ method: 'GET', url: `${DETAIL}/${marta.guideId}` })).statusCode).toBe(404);
  });

  it('reads back from the primary what a guide just wrote, on their own pages', async () => {
    const saved = await updateAbout(giulia, 'Rome at dawn, before the crowds.');
    expect(saved.json().about).toBe('Rome at dawn, before the crowds.');
    const own = await app.inject({
      method: 'GET',
      url: `${API}/user-guide-operation-public/get-user-guide`,
      headers: giulia.user.headers,
    });
    expect(own.json().about).toBe('Rome at dawn, before the crowds.');
    const ownPublicPage = await app.inject({
      method: 'GET',
      url: `${DETAIL}/${giulia.guideId}`,
      headers: giulia.user.headers,
    });
    expect(ownPublicPage.json().about).toBe('Rome at dawn, before the crowds.');
    // Just approved: the replica has no public page for Marta yet, her own view does.
    const martaOwn = await app.inject({
      method: 'GET',
      url: `${DETAIL}/${marta.user.userId}`,
      headers: marta.user.headers,
    });
    expect(martaOwn.statusCode).toBe(200);
    expect(martaOwn.json().name).toBe('Marta');
  });

  it('serves reference lists from the replica and writes nothing there', async () => {
    await replica.database.db.execute(
      "update languages set names = jsonb_set(names::jsonb, '{en}', '\"Italian (replica)\"') where code = 'it'",
    );
    const languages = await app.inject({ method: 'GET', url: `${API}/search-public/languages?locale=en` });
    expect(languages.json().data.find((language: { code: string }) => language.code === 'it').name).toBe(
      'Italian (replica)',
    );
    const onReplica = await replica.database.db.execute<{ about: string }>(
      `select about from guides where id = '${giulia.guideId}'`,
    );
    expect(onReplica.rows[0]?.about).toBe('I show travellers the hidden corners of my city.');
  });
});
