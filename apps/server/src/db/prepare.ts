import type { Database } from './client.js';
import { migrateDatabase } from './migrate.js';
import { seedReferenceData } from './seed/seed-reference.js';

/** Brings a database to the current schema and reference data; safe to run at every start. */
export async function prepareDatabase(database: Database, options: { seedReference: boolean }): Promise<void> {
  await migrateDatabase(database);
  if (options.seedReference) await seedReferenceData(database.db);
}
