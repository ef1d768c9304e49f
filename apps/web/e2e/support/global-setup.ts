import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, COMPILED_SERVER_ARGS, root } from '../../../../scripts/lib.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A staff account (npm run staff:create), for journeys through /admin. */
    staffPhone: string;
    staffPassword: string;
  }
}

const STAFF = { phone: '+905320000001', password: 'Marco-staff-review-2026' };

/**
 * Creates the staff account with the documented command, before the server starts: the
 * embedded database (PGlite) takes one process at a time.
 */
function createStaff(env: NodeJS.ProcessEnv) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['run', '--silent', 'staff:create', '--', '--phone', STAFF.phone, '--password', STAFF.password],
    { cwd: root, env, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) {
    throw new Error(`npm run staff:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

const freePort = () =>
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

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy at ${baseUrl}`);
}

/** Starts Marco as a user would (built web app, migrations, reference data) on a free port. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` (npm test builds it)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  createStaff(env);
  // The server as `npm start` runs it (compiled), so the journeys also check that build.
  await buildServer();
  const server = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('staffPhone', STAFF.phone);
  project.provide('staffPassword', STAFF.password);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
