import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';

const config = loadConfig();
const database = await openDatabase(config);
await prepareDatabase(database, { seedReference: config.SEED_REFERENCE });
await database.close();
console.log(`Migrated ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}.`);
