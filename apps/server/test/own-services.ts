import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A PostgreSQL cluster and a Redis server of a test's own, on free ports, in a temporary
 * folder: a test that stops and starts them never touches the machine's shared services.
 */

const run = promisify(execFile);

/** The `bin` folder of the newest PostgreSQL installed the Debian way, or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const [newest] = fs
    .readdirSync(root)
    .filter((version) => ['initdb', 'pg_ctl'].every((tool) => fs.existsSync(path.join(root, version, 'bin', tool))))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return newest ? path.join(root, newest, 'bin') : null;
}

/** `redis-server` on the PATH, or null. */
export function findRedisServer(): string | null {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, 'redis-server');
    if (folder && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on the port (within half a second). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const isRoot = process.getuid?.() === 0;

/**
 * What still runs when the test process ends without its afterAll (vitest ends a worker
 * whose hook timed out with SIGTERM): stopped then, synchronously, so no cluster or server
 * outlives the test.
 */
const leftovers = new Set<() => void>();
const cleanUpLeftovers = () => {
  // Servers first, folders last: vitest sends SIGKILL half a second after SIGTERM.
  for (const cleanUp of [...leftovers].reverse()) {
    try {
      cleanUp();
    } catch {
      // Nothing more can be done while the process ends.
    }
  }
  leftovers.clear();
};
process.once('exit', cleanUpLeftovers);

/** A temporary folder of the test's, removed when it ends, or when the process does (see above). */
export function makeTemporaryDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // On the way out there is no time to delete a database cluster: a detached `rm` outlives us.
  const removeLater = () => spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
  leftovers.add(removeLater);
  return {
    dir,
    remove() {
      leftovers.delete(removeLater);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
process.once('SIGTERM', () => {
  cleanUpLeftovers();
  // Then end as SIGTERM would have without this listener.
  process.kill(process.pid, 'SIGTERM');
});

/** PostgreSQL refuses to run as root: as root (CI), its tools run as the `postgres` user. */
function asPostgres(tool: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
}

export class OwnPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dataDir: string,
    private readonly socketDir: string,
    readonly port: number,
  ) {}

  /** initdb (trust authentication, user `postgres`) in `dir`, then starts it on a free port. */
  static async create(bin: string, dir: string): Promise<OwnPostgres> {
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      fs.chownSync(dir, uid, gid);
    }
    const postgres = new OwnPostgres(bin, path.join(dir, 'data'), dir, await freePort());
    leftovers.add(postgres.stopNow);
    await postgres.tool('initdb', [
      '-D',
      postgres.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await postgres.start();
    return postgres;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.tool('pg_ctl', [
      'start',
      '-w',
      '-D',
      this.dataDir,
      '-l',
      path.join(this.socketDir, 'log'),
      '-o',
      options,
    ]);
  }

  /** Fast shutdown: sessions are ended (57P01) and in-flight transactions rolled back. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.tool('pg_ctl', ['stop', '-w', '-m', mode, '-D', this.dataDir]);
  }

  /** Stops the cluster if it still runs; never throws. */
  async destroy(): Promise<void> {
    leftovers.delete(this.stopNow);
    await this.stop('immediate').catch(() => {});
  }

  /** SIGQUIT to the postmaster: PostgreSQL's immediate shutdown, without waiting for it. */
  private readonly stopNow = () => {
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return;
    process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGQUIT');
  };

  private async tool(name: string, args: string[]) {
    const [command, commandArgs] = asPostgres(path.join(this.bin, name), args);
    await run(command, commandArgs, { timeout: 60_000 });
  }
}

export class OwnRedis {
  private process: ChildProcess | null = null;

  private constructor(
    private readonly binary: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async create(binary: string, dir: string): Promise<OwnRedis> {
    const redis = new OwnRedis(binary, dir, await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server without persistence and waits (at most 10 s) until it takes connections. */
  async start(): Promise<void> {
    const child = spawn(
      this.binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    this.process = child;
    const killNow = () => child.kill('SIGKILL');
    leftovers.add(killNow);
    child.once('exit', () => leftovers.delete(killNow));
    for (let waited = 0; !(await isListening(this.port)); waited += 50) {
      if (waited > 10_000 || child.exitCode !== null) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills the server at once (SIGKILL): no goodbye to its clients, its data gone. */
  async kill(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
