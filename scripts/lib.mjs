import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * V8 heap limits for the server process (apps/server/node-flags.json, shared with the
 * benchmarks): left to its defaults V8 lets the heap grow to several hundred MB under load
 * before collecting; with these the server stays near 200 MB with 100,000 guides at the same
 * throughput (README, Performance).
 */
export const SERVER_NODE_FLAGS = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8'));

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** True when the built web app is missing or older than its sources. */
export function webBuildIsStale() {
  const built = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ];
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return newestSource > fs.statSync(built).mtimeMs;
}

export async function buildWebIfNeeded() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (apps/web/dist)…');
  await runOrExit('npm', ['run', 'build', '--silent', '-w', 'apps/web']);
}

/** The Node condition under which `@marco/contract` resolves to its compiled JavaScript. */
export const COMPILED_CONDITION = 'marco-compiled';

/**
 * Compiles the server and the contract to JavaScript (apps/server/dist, packages/contract/dist),
 * file by file at the same depth as their sources, so paths resolved from a module's own
 * directory stay right; files that are not TypeScript are copied. Running compiled code spares
 * the server tsx's loader thread and its transpiling (about 35 MB less memory, a faster start).
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  for (const project of ['apps/server', 'packages/contract']) {
    const source = path.join(root, project, 'src');
    const out = path.join(root, project, 'dist');
    fs.rmSync(out, { recursive: true, force: true });
    const files = fs.readdirSync(source, { recursive: true }).map((name) => path.join(source, name));
    const isCode = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');
    await esbuild.build({
      entryPoints: files.filter(isCode),
      outdir: out,
      outbase: source,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
    });
    for (const file of files) {
      if (fs.statSync(file).isDirectory() || file.endsWith('.ts')) continue;
      const target = path.join(out, path.relative(source, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
    }
  }
}

/**
 * The embedded database (PGlite, used when DATABASE_URL is unset) runs inside the server's
 * process and takes about 80 MB of its memory; the JavaScript heap gets that much less room, so
 * one process with both stays under the 300 MB budget (docs/decisions/010): a 128 MB old space
 * instead of 160, and semi-spaces of 4 MB instead of 16 (the young generation, where a
 * request's objects are born and mostly die: on PostgreSQL the larger one carries about a third
 * more computed searches for 25 MB more, docs/decisions/012, which PGlite's process cannot spare).
 */
const EMBEDDED_DATABASE_FLAGS = { '--max-old-space-size=': 128, '--max-semi-space-size=': 4 };

/**
 * How to run the compiled server (after buildServer) with `env`: Node's arguments with the heap
 * limits, and the environment. glibc gives every thread that allocates its own malloc arena
 * (up to eight per core), and the memory those arenas keep for reuse is resident; two arenas
 * measured 10–15 MB lower at the same throughput (docs/decisions/010).
 */
export function compiledServer(env) {
  const embedded = (flag) => {
    const [prefix, megabytes] = Object.entries(EMBEDDED_DATABASE_FLAGS).find(([name]) => flag.startsWith(name)) ?? [];
    return prefix ? `${prefix}${megabytes}` : flag;
  };
  const flags = env.DATABASE_URL ? SERVER_NODE_FLAGS : SERVER_NODE_FLAGS.map(embedded);
  return {
    args: [...flags, `--conditions=${COMPILED_CONDITION}`, 'apps/server/dist/main.js'],
    env: { MALLOC_ARENA_MAX: '2', ...env },
  };
}

/** Starts the compiled server with `env` as compiledServer says; `nodeArgs` go before its own (an inspector). */
export function spawnCompiledServer(env, { stdio = 'inherit', nodeArgs = [] } = {}) {
  const compiled = compiledServer(env);
  return spawn(process.execPath, [...nodeArgs, ...compiled.args], { cwd: root, env: compiled.env, stdio });
}
