import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo.js';
import { DEMO_BANNER_TEXTS } from './modules/web/demo-banner.js';

// The server as an operator starts it (`NODE_ENV=production node … main.ts`), in a process of
// its own with nothing of the test run's environment, so what it refuses and what it routes
// are those of a real production start.
const serverDir = path.resolve(import.meta.dirname, '..');

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

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

/** Production settings with real providers (never called here: nothing is sent or paid). */
const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://marco.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'not-a-real-token',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_not_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_not_real',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  LOG_LEVEL: 'warn',
};

describe('starting in production', () => {
  it('refuses development parts, listing every offending setting, and exits non-zero', async () => {
    const { child, output } = startMain({ NODE_ENV: 'production' });
    expect(await exitOf(child)).toBe(1);
    for (const setting of [
      'SMS_PROVIDER=outbox',
      'MAIL_PROVIDER=outbox',
      'PAYMENT_PROVIDER=sandbox',
      'PUBLIC_URL=http',
    ]) {
      expect(output()).toContain(setting);
    }
  });

  describe('with real providers', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-production-'));
    let server: ReturnType<typeof startMain>;
    let baseUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = startMain({
        ...productionEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      });
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
        const up = await fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, 120_000);

    afterAll(async () => {
      server?.child.kill('SIGTERM');
      if (server) await exitOf(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('routes no dev outbox, no API docs and no sandbox checkout', async () => {
      for (const url of [
        '/api/dev/outbox',
        '/api/docs',
        '/api/docs/json',
        `/api/app/payment-sandbox-public/checkout/cs_sandbox_${'0'.repeat(32)}`,
      ]) {
        const response = await fetch(baseUrl + url);
        expect(response.status, url).toBe(404);
      }
    });

    it('seeds no demo marketplace: the published staff password signs nobody in', async () => {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ phoneNumber: DEMO_ACCOUNTS.staff.phone, password: DEMO_PASSWORD }),
      });
      expect(response.status).toBe(401);
      const search = await fetch(`${baseUrl}/api/app/search-public/search-guides-public`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await search.json()) as { total: number }).total).toBe(0);
    });
  });
});

describe('a public demo site (DEMO_SITE=true in production)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webDistDir: dist, env: { NODE_ENV: 'production', DEMO_SITE: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('shows every page the demo notice in the page language', async () => {
    for (const locale of ['en', 'ar', 'de'] as const) {
      const page = await t.app.inject({ url: `/${locale}/guides` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(DEMO_BANNER_TEXTS[locale]);
      expect(page.body).toMatch(new RegExp(`<body><div class="demo-site-banner" role="note" lang="${locale}"`));
    }
  });

  it('keeps the dev outbox readable, since messages are not sent', async () => {
    expect((await t.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(200);
  });
});
