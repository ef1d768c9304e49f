import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { createStorage } from '../platform/storage/index.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

/*
 * `npm run seed:demo -- --guides N` (default 200): adds N approved demo guides and the demo
 * accounts to the database of the environment (DATABASE_URL, else PGlite in DATA_DIR: stop
 * the server first, the embedded database takes one process at a time).
 */

const usage = 'Usage: npm run seed:demo -- [--guides 200]';

async function main(): Promise<number> {
  let values: { guides?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { guides: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const count = Number(values.guides ?? 200);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    console.error(`--guides must be a whole number from 0 to 1000000.\n${usage}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (config.NODE_ENV === 'production' && !config.DEMO_SITE) {
    // The demo accounts, staff among them, have published passwords.
    console.error('Refusing to seed the demo marketplace in production (NODE_ENV=production) unless DEMO_SITE=true.');
    return 1;
  }
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, { seedReference: true });
    const started = Date.now();
    const result = await seedDemo(database.db, createStorage(config), { guides: count, seed: Date.now() % 100_000 });
    console.log(
      `Seeded ${result.guides} demo guides and ${result.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    for (const [role, account] of Object.entries(result.accounts)) {
      console.log(`  ${role.padEnd(9)} ${account.phone}  password ${DEMO_PASSWORD}`);
    }
  } finally {
    await database.close();
  }
  return 0;
}

process.exitCode = await main();
