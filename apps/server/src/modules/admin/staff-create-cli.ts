import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { prepareDatabase } from '../../db/prepare.js';
import { createOrPromoteStaff, StaffCreateError } from './create-staff.js';

/*
 * `npm run staff:create -- --phone +905321234567 [--password '…']`: creates a staff account
 * (phone confirmed, with the password) or gives an existing user the staff role. Uses the
 * database of the environment (DATABASE_URL, else PGlite in DATA_DIR: stop the server first,
 * the embedded database takes one process at a time).
 */

const usage = 'Usage: npm run staff:create -- --phone +905321234567 [--password <password>]';

async function main(): Promise<number> {
  let values: { phone?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        phone: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.phone) {
    console.error(`--phone is required.\n${usage}`);
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
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, { seedReference: config.SEED_REFERENCE });
    const result = await createOrPromoteStaff(database.db, { phone: values.phone, password: values.password });
    const what = result.created ? 'Created staff account' : 'Gave the staff role to';
    console.log(`${what} ${result.phoneNumber} (user ${result.userId})${result.passwordSet ? ', password set' : ''}.`);
    return 0;
  } catch (error) {
    if (error instanceof StaffCreateError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
