// `npm run db:generate -- <set> [name]`: a new SQL migration for one migration set (see
// apps/server/src/db/migration-sets.ts) from the Drizzle schema of that set.
import { run } from './lib.mjs';

const [set = 'core', name] = process.argv.slice(2);
const args = [
  'drizzle-kit',
  'generate',
  '--config',
  'apps/server/drizzle.config.ts',
  ...(name ? ['--name', name] : []),
];
process.exit(await run('npx', args, { env: { ...process.env, MIGRATION_SET: set } }));
