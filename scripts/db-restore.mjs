// `npm run db:restore -- <file> <database-url>`: creates the database of the URL (it must not
// exist: a restore never overwrites) and restores a db:backup file into it. docs/deploy.md.
import pg from 'pg';
import { pgConnection, run } from './db-tools.mjs';

const usage = 'Usage: npm run db:restore -- backups/marco.dump postgres://user:password@host:5432/marco_restored';
const [file, target] = process.argv.slice(2);
if (!file || !target || process.argv.length > 4) {
  console.error(usage);
  process.exit(2);
}

const targetUrl = new URL(target);
const name = decodeURIComponent(targetUrl.pathname.slice(1));
if (!name) {
  console.error(`The target URL names no database.\n${usage}`);
  process.exit(2);
}
// CREATE DATABASE runs from the server's maintenance database, with the same credentials.
const maintenance = new URL(target);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
try {
  await admin.query(`create database "${name.replaceAll('"', '""')}"`);
} catch (error) {
  console.error(`Cannot create database ${name}: ${error.message} (restore into a new database, never over one).`);
  process.exit(1);
} finally {
  await admin.end();
}

const started = Date.now();
const { url, env } = pgConnection(target);
// Objects are owned by the restoring user: the roles of the source server need not exist here.
const code = await run(
  'pg_restore',
  ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
  env,
);
if (code !== 0) {
  console.error(`pg_restore failed (exit ${code}); database ${name} was created but is incomplete: drop it.`);
  process.exit(code);
}

const restored = new pg.Client({ connectionString: target });
await restored.connect();
try {
  // A restore carries no planner statistics; without them search would plan blind until autovacuum.
  await restored.query('analyze');
  const tables = await restored.query(
    `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  console.log(
    `Restored ${file} into ${name}: ${tables.rows[0].count} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await restored.end();
}
