import { drizzle } from 'drizzle-orm/node-postgres';
import { type Database, driverOf } from './client.js';
import { migrateDatabase } from './migrate.js';
import * as schema from './schema/index.js';
import { seedReferenceData } from './seed/seed-reference.js';

/**
 * Brings a database to the current schema and reference data; safe to run at every start,
 * and from several instances at once: on PostgreSQL they take turns under one session-level
 * advisory lock (Drizzle's migrator takes none, and two instances applying the same migration
 * collide), so the later one waits and then finds nothing to do. PGlite is one process.
 */
export async function prepareDatabase(database: Database, options: { seedReference: boolean }): Promise<void> {
  const driver = driverOf(database.db);
  if (driver.engine === 'pglite') return prepareUnlocked(database, options);
  // A session lock belongs to one connection: everything runs on the connection that holds it.
  const client = await driver.pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('marco:prepare-database'))`);
    const locked: Database = { db: drizzle({ client, schema }), engine: 'postgres', close: async () => {} };
    await prepareUnlocked(locked, options);
    await client.query(`select pg_advisory_unlock(hashtext('marco:prepare-database'))`);
    client.release();
  } catch (error) {
    // Ending the session releases the lock even when the unlock could not be sent.
    client.release(true);
    throw error;
  }
}

async function prepareUnlocked(database: Database, options: { seedReference: boolean }): Promise<void> {
  await migrateDatabase(database);
  if (options.seedReference) await seedReferenceData(database.db);
}
