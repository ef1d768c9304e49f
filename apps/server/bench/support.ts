import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { buildServer, COMPILED_CONDITION, root, spawnCompiledServer } from '../../../scripts/lib.mjs';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

export interface BenchServer {
  baseUrl: string;
  /** Peak resident memory of the server process so far (Linux VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU time (user + system) the server process has used so far, in seconds (Linux /proc). */
  cpuSeconds(): number;
  /**
   * With BENCH_CPU_PROF=<folder>: starts a V8 CPU profile of the server and answers the function
   * that stops it and writes <folder>/<name>.cpuprofile (Chrome DevTools, speedscope, or
   * apps/server/bench/cpu-profile-summary.ts). Without it, a no-op.
   */
  profile(name: string): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

/** Profiles the process behind inspector port `port` (Chrome DevTools Protocol) until the answered stop. */
async function startCpuProfile(port: number): Promise<() => Promise<unknown>> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  if (!target) throw new Error('no inspector target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const reply = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: unknown };
        if (reply.id !== id) return;
        socket.off('message', onMessage);
        if (reply.error) reject(new Error(JSON.stringify(reply.error)));
        else resolve(reply.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 1000 });
  await call('Profiler.start');
  return async () => {
    const { profile } = await call('Profiler.stop');
    socket.close();
    return profile;
  };
}

/**
 * Starts the real server in its own process, so its memory is measured alone; with
 * `demoGuides`, on the demo marketplace with that many guides (seeded before it starts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { demoGuides?: number } = {},
): Promise<BenchServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'marco-bench-'));
  const port = await freePort();
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Benchmarks measure their own data, never the demo marketplace of a fresh install.
    SEED_DEMO: 'false',
    ...env,
  };
  // The server runs as `npm start` runs it: compiled, with the same heap limits (scripts/lib.mjs),
  // so the peak memory measured is the real one. Migrating (and for PGlite, creating the
  // cluster) in a process of its own keeps that one-off cost out of the server's peak.
  await buildServer();
  execFileSync(process.execPath, [`--conditions=${COMPILED_CONDITION}`, 'apps/server/dist/db/migrate-cli.js'], {
    cwd: root,
    env: serverEnv,
  });
  if (options.demoGuides) {
    execFileSync(
      process.execPath,
      [
        `--conditions=${COMPILED_CONDITION}`,
        'apps/server/dist/demo/demo-cli.js',
        '--guides',
        String(options.demoGuides),
      ],
      { cwd: root, env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  // BENCH_CPU_PROF=<folder>: the server opens the inspector (on 127.0.0.1 only), so a benchmark
  // can profile just its measured window (profile()), leaving set-up and shutdown out.
  const inspectPort = process.env.BENCH_CPU_PROF ? await freePort() : null;
  const inspectArgs = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const server = spawnCompiledServer(serverEnv, { stdio: ['ignore', 'inherit', 'inherit'], nodeArgs: inspectArgs });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    profile: async (name) => {
      const folder = process.env.BENCH_CPU_PROF;
      if (!inspectPort || !folder) return async () => {};
      const stop = await startCpuProfile(inspectPort);
      return async () => {
        fs.mkdirSync(folder, { recursive: true });
        const file = path.join(path.resolve(folder), `${name}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(await stop()));
        console.log(`CPU profile: ${file}`);
      };
    },
    peakRssMb: () => {
      const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    cpuSeconds: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks (100/s).
      const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
    },
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  name: string,
  options: {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    seconds?: number;
    /** The path of each request, when they differ (`url` then gives only the origin). */
    nextPath?: () => string;
  },
): Promise<LoadResult> {
  const { nextPath } = options;
  const result = await autocannon({
    url: options.url,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
    method: options.method ?? 'GET',
    body: options.body,
    headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A table of results; with `yardstick`, each route's throughput also as a share of it. */
export function printResults(title: string, results: LoadResult[], peakRssMb: number, yardstick?: LoadResult) {
  console.log(`\n${title}`);
  console.log(`| route | req/s |${yardstick ? ' share of bare |' : ''} p50 ms | p99 ms | errors |`);
  console.log(`|---|---:|${yardstick ? '---:|' : ''}---:|---:|---:|`);
  for (const r of results) {
    const share = yardstick ? ` ${Math.round((100 * r.rps) / yardstick.rps)} % |` : '';
    console.log(`| ${r.name} | ${r.rps} |${share} ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
  console.log(`server peak RSS: ${peakRssMb} MB`);
}
