import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, root, spawnCompiledServer } from '../../../../scripts/lib.mjs';
import { totpCode } from './staff.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A support staff account (npm run staff:create), for journeys through /admin. */
    staffPhone: string;
    staffPassword: string;
    /** Its authenticator secret: global setup enrols it, journeys compute its codes. */
    staffTotpSecret: string;
    /**
     * The session token of its enrolling sign-in, past the second factor: journeys put it in
     * their cookie jar rather than signing in again, since each code of the authenticator
     * works once and several journeys start within the same 30 seconds.
     */
    staffSession: string;
    /** An admin who has not signed in yet: the second-factor journey enrols them. */
    newStaffPhone: string;
  }
}

const STAFF = { phone: '+905320000001', password: 'Marco-staff-review-2026', role: 'support' };
const NEW_STAFF = { phone: '+905320000002', password: 'Marco-staff-review-2026', role: 'admin' };

/**
 * Creates a staff account with the documented command, before the server starts: the
 * embedded database (PGlite) takes one process at a time.
 */
function createStaff(env: NodeJS.ProcessEnv, staff: typeof STAFF) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    [
      'run',
      '--silent',
      'staff:create',
      '--',
      '--phone',
      staff.phone,
      '--password',
      staff.password,
      '--role',
      staff.role,
    ],
    { cwd: root, env, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) {
    throw new Error(`npm run staff:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Signs the support account in once and sets up its authenticator, as its first sign-in would. */
async function enrolStaff(baseUrl: string): Promise<{ secret: string; session: string }> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phoneNumber: STAFF.phone, password: STAFF.password }),
  });
  if (!login.ok) throw new Error(`staff sign-in: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const enrol = await fetch(`${baseUrl}/api/app/staff/second-factor/enrol`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie },
  });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await fetch(`${baseUrl}/api/app/staff/second-factor/enrol/confirm`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ code: totpCode(secret) }),
  });
  if (!confirm.ok) throw new Error(`staff enrolment: ${confirm.status} ${await confirm.text()}`);
  return { secret, session: cookie.slice(cookie.indexOf('=') + 1) };
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
    // As behind a production load balancer: a journey may say it is another device on another
    // address (X-Forwarded-For); the journeys' own calls all come from this machine, and share
    // its per-address limits, such as 30 sign-ins in 15 minutes.
    TRUST_PROXY: 'true',
  };
  createStaff(env, STAFF);
  createStaff(env, NEW_STAFF);
  // The server as `npm start` runs it (compiled), so the journeys also check that build.
  await buildServer();
  const server = spawnCompiledServer(env, { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('staffPhone', STAFF.phone);
  project.provide('staffPassword', STAFF.password);
  const staff = await enrolStaff(baseUrl);
  project.provide('staffTotpSecret', staff.secret);
  project.provide('staffSession', staff.session);
  project.provide('newStaffPhone', NEW_STAFF.phone);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
