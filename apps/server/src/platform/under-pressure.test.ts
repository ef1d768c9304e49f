import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReachable, SCALE_OUT_DATABASE_URL } from '../../test/services.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPostgres } from '../db/client.js';

const postgresUp = await isReachable(SCALE_OUT_DATABASE_URL);
if (!postgresUp) console.warn(`Skipping the overload test: PostgreSQL is not reachable at ${SCALE_OUT_DATABASE_URL}`);

describe.skipIf(!postgresUp)('an instance whose event loop stalls', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-pressure-'));
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    // The overload guard is on with PostgreSQL only; the route asked needs no table.
    database = await openPostgres(SCALE_OUT_DATABASE_URL, 2);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    app = await buildApp({ config, db: database.db, version: 'test' });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const live = () => app.inject({ method: 'GET', url: '/api/health/live' });
  const until = async (status: number) => {
    let response = await live();
    for (let attempt = 0; attempt < 100 && response.statusCode !== status; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await live();
    }
    return response;
  };

  it('answers 503 NETWORK_ERROR with Retry-After for a moment, then serves again', async () => {
    expect((await live()).statusCode).toBe(200);
    // A sustained stall: three blocks of 1.2 s, the loop turning once between them, so the
    // mean delay of a sample passes one second (one long block alone is averaged away).
    for (let block = 0; block < 3; block++) {
      const end = Date.now() + 1200;
      while (Date.now() < end) {}
      await new Promise((resolve) => setImmediate(resolve));
    }
    const refused = await until(503);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ error: { code: 'NETWORK_ERROR', message: expect.any(String) } });
    expect((await until(200)).statusCode).toBe(200);
  });
});
