import { spawn } from 'node:child_process';

/**
 * A database URL for PostgreSQL's command-line tools, with the password moved into
 * PGPASSWORD: in an argument it would show in every user's process list.
 */
export function pgConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL tool (pg_dump, pg_restore from PATH) with inherited output; resolves with its exit code. */
export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
