import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres, withReplica } from '../src/db/client.js';
import type { Clock } from '../src/platform/clock.js';
import { adminStatement, databaseUrl } from './services.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: a private copy of the run's
 * template (global-setup.ts), in PGlite or on the server named by TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = fs.readFileSync(inject('pgliteTemplate'));
    const database = await openPglite('memory://', new Blob([template]));
    return { database, drop: () => database.close() };
  }
  const name = `marco_test_${crypto.randomUUID().replaceAll('-', '')}`;
  await adminStatement(url, `create database ${name} template ${inject('postgresTemplate')}`);
  const primary = await openPostgres(databaseUrl(url, name), 20);
  const database = await readReplicaOf(primary, name);
  return {
    database,
    drop: async () => {
      await database.close();
      await adminStatement(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * With TEST_DATABASE_READ_URL, the app's read handle (DATABASE_READ_URL) is a second pool to
 * the same test database, opened with that URL's user and options: CI gives it
 * `default_transaction_read_only`, so a write sent to the read handle fails as on a replica.
 */
async function readReplicaOf(primary: Database, name: string): Promise<Database> {
  const readUrl = process.env.TEST_DATABASE_READ_URL;
  if (!readUrl) return primary;
  return withReplica(primary, databaseUrl(readUrl, name), 20);
}

export async function createTestApp(
  options: { webDistDir?: string; env?: Record<string, string>; clock?: Clock } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  // Uploaded files of a test run go to a temporary folder, never into the repository.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Tests tell callers apart by X-Forwarded-For, as a trusted proxy would.
    TRUST_PROXY: 'true',
    WEB_DIST_DIR: options.webDistDir ?? path.join(import.meta.dirname, 'no-web-build'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    ...(database.readDb ? { readDb: database.readDb } : {}),
    version: 'test',
    ...(options.clock ? { clock: options.clock } : {}),
    overloadGuard: false,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
