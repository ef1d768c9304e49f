import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The few server parts a journey starts; loaded by path so the web app's type check stays on the web app. */
interface ServerApp {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
  deps: { payments: { createCheckout(request: CheckoutRequest): Promise<{ url: string }> } };
}
/** What the payment provider needs to open a hosted checkout (apps/server/src/platform/payments). */
export interface CheckoutRequest {
  paymentId: string;
  reservationId: string;
  amountMinor: number;
  currency: 'USD' | 'EUR' | 'TRY';
  description: string;
  guideName: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}
interface ServerModules {
  loadConfig(env: NodeJS.ProcessEnv): Record<string, unknown> & { SEED_REFERENCE: boolean };
  openDatabase(config: unknown): Promise<{ db: unknown; close(): Promise<void> }>;
  prepareDatabase(database: unknown, options: { seedReference: boolean }): Promise<void>;
  seedDemo(db: unknown, storage: unknown, options: { guides: number }): Promise<unknown>;
  createStorage(config: unknown): unknown;
  buildApp(input: { config: unknown; db: unknown; version: string }): Promise<ServerApp>;
}

async function loadServer(): Promise<ServerModules> {
  const load = (file: string) => import(pathToFileURL(path.join(ROOT, 'apps/server/src', file)).href);
  const [config, client, prepare, demo, storage, app] = await Promise.all([
    load('config.ts'),
    load('db/client.ts'),
    load('db/prepare.ts'),
    load('demo/demo.ts'),
    load('platform/storage/index.ts'),
    load('app.ts'),
  ]);
  return { ...config, ...client, ...prepare, ...demo, ...storage, ...app } as ServerModules;
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

/**
 * Marco with the demo marketplace (`guides` demo guides, the demo traveller, guide and staff
 * with their reviewed tours), the built web app and PUBLIC_URL set to where it listens.
 */
export async function startDemoServer(guides: number): Promise<{
  baseUrl: string;
  /** Opens a checkout with the configured payment provider (the sandbox): its hosted page's URL. */
  openCheckout: (request: CheckoutRequest) => Promise<string>;
  stop: () => Promise<void>;
}> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` (npm test builds it)');
  }
  const server = await loadServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-e2e-demo-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = server.loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  });
  const database = await server.openDatabase(config);
  await server.prepareDatabase(database, { seedReference: config.SEED_REFERENCE });
  await server.seedDemo(database.db, server.createStorage(config), { guides });
  const app = await server.buildApp({ config, db: database.db, version: 'e2e' });
  await app.listen({ host: '127.0.0.1', port });
  return {
    baseUrl,
    openCheckout: async (request) => (await app.deps.payments.createCheckout(request)).url,
    stop: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
