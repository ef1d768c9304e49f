import { defineConfig } from 'drizzle-kit';
import { MIGRATION_SETS } from './src/db/migration-sets.js';

// `npm run db:generate -- <set> [name]` picks the set through MIGRATION_SET.
const setName = process.env.MIGRATION_SET ?? 'core';
const set = MIGRATION_SETS.find((candidate) => candidate.name === setName);
if (!set) throw new Error(`Unknown MIGRATION_SET ${setName}: one of ${MIGRATION_SETS.map((s) => s.name).join(', ')}`);

export default defineConfig({
  dialect: 'postgresql',
  schema: set.schema.map((file) => `./apps/server/src/db/schema/${file}`),
  out: `./apps/server/${set.folder}`,
  migrations: { table: set.table },
});
