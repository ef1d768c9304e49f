// `npm run db:backup -- <database-url> <file>`: a pg_dump of the whole database in custom
// format (compressed; pg_restore can pick tables from it). docs/deploy.md, Backups.
import fs from 'node:fs';
import { pgConnection, run } from './db-tools.mjs';

const usage = 'Usage: npm run db:backup -- postgres://user:password@host:5432/marco backups/marco.dump';
const [source, file] = process.argv.slice(2);
if (!source || !file || process.argv.length > 4) {
  console.error(usage);
  process.exit(2);
}

const { url, env } = pgConnection(source);
// Written beside the target and renamed when complete, so a failed dump never looks like a backup.
const partial = `${file}.partial`;
const started = Date.now();
const code = await run('pg_dump', ['--format=custom', '--compress=6', `--file=${partial}`, `--dbname=${url}`], env);
if (code !== 0) {
  fs.rmSync(partial, { force: true });
  console.error(`pg_dump failed (exit ${code}); no backup written.`);
  process.exit(code);
}
fs.renameSync(partial, file);
const size = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
console.log(
  `Backed up ${new URL(source).pathname.slice(1)} to ${file} (${size} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
