import fs from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { MIGRATION_SETS } from './migration-sets.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Applies the committed SQL migrations from code, set by set: drizzle-kit's own migrate
 * cannot load PGlite's extensions (see STACK.md).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  for (const set of MIGRATION_SETS) {
    const migrationsFolder = path.join(SERVER_DIR, set.folder);
    if (!fs.existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))) continue;
    const options = { migrationsFolder, migrationsTable: set.table };
    if (database.engine === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, options);
    } else {
      await migratePg(database.db, options);
    }
  }
}
