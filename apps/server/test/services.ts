import net from 'node:net';
import pg from 'pg';

export const SCALE_OUT_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SCALE_OUT_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Runs one statement on its own connection (create or drop database cannot run in a pool's transaction). */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Whether something accepts TCP connections at the host and port of `url` (within a second). */
export function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const defaultPort = url.startsWith('redis') ? 6379 : 5432;
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
