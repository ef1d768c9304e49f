import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { prepareDatabase } from '../../db/prepare.js';
import { createOrPromoteStaff, parseStaffRoles, StaffCreateError } from './create-staff.js';

/*
 * `npm run staff:create -- --phone +905321234567 --role admin [--password '…']`: creates a
 * staff account (phone confirmed, with the password) or gives an existing user the roles
 * (support, finance, admin; several with commas or a repeated --role). Uses the
 * database of the environment (DATABASE_URL, else PGlite in DATA_DIR: stop the server first,
 * the embedded database takes one process at a time).
 */

const usage =
  'Usage: npm run staff:create -- --phone +905321234567 --role support|finance|admin[,…] [--password <password>]';

async function main(): Promise<number> {
  let values: { phone?: string; password?: string; role?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        phone: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', multiple: true },
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
  let roles: ReturnType<typeof parseStaffRoles>;
  try {
    roles = parseStaffRoles(values.role ?? []);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
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
    const result = await createOrPromoteStaff(database.db, {
      phone: values.phone,
      roles,
      password: values.password,
    });
    const what = result.created ? 'Created staff account' : 'Gave staff roles to';
    const password = result.passwordSet ? ', password set' : '';
    console.log(`${what} ${result.phoneNumber} (user ${result.userId}, ${result.roles.join(', ')})${password}.`);
    console.log('They set up an authenticator app (TOTP) at their first sign-in.');
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
