import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { hasNoGuides, seedDemo } from './demo/demo.js';
import { backgroundJobs } from './modules/jobs/background-jobs.js';
import { startScheduler } from './platform/scheduler/index.js';
import { createStorage } from './platform/storage/index.js';
import { VERSION } from './version.js';

/** Under the 10 s an orchestrator waits after SIGTERM before it kills the process. */
const SHUTDOWN_GRACE_MS = 9000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await prepareDatabase(database, { seedReference: config.SEED_REFERENCE });
  // A fresh install shows a living marketplace (issue 5); SEED_DEMO=false keeps it empty, and
  // production never seeds it unless DEMO_SITE=true (config.ts).
  if (config.SEED_DEMO && config.NODE_ENV !== 'test' && (await hasNoGuides(database.db))) {
    console.log('Empty database: seeding the demo marketplace (SEED_DEMO=false turns this off)…');
    await seedDemo(database.db, createStorage(config), { guides: 200 });
  }
  const app = await buildApp({
    config,
    db: database.db,
    ...(database.readDb ? { readDb: database.readDb } : {}),
    version: VERSION,
  });

  const stopScheduler = await startScheduler(database.db, backgroundJobs(app.deps), app.log, app.deps.metrics);

  // SIGTERM (a deploy, a scale-in), SIGINT and uncaught errors end the process the same way:
  // stop accepting connections at once, so a load balancer's new connections are refused
  // and go to another instance; stop queueing background jobs (a running one ends); close the
  // WebSockets with 1012 Service Restart (closeSocketsForRestart in messaging/ws-routes.ts),
  // which the web app takes as "reconnect, to another instance"; let the requests in flight
  // finish (platform/in-flight.ts); close the database. A shutdown that has not ended after
  // SHUTDOWN_GRACE_MS exits 1, inside the 10 s an orchestrator usually waits between
  // SIGTERM and SIGKILL.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: app.log,
      onTimeout: (delay) => app.log.error(`shutdown took longer than ${delay} ms: exiting with code 1`),
    },
    async ({ signal, err }) => {
      app.server.close();
      if (err) app.log.error({ err }, 'uncaught error: shutting down, no new connections');
      else app.log.info({ signal }, 'shutting down, no new connections');
      await stopScheduler();
      await app.close();
      await database.close();
      app.log.info('shut down');
    },
  );

  await app.listen({ host: config.HOST, port: config.PORT });
  const where = config.DATABASE_URL
    ? `PostgreSQL (DATABASE_URL${config.DATABASE_READ_URL ? ', reads from DATABASE_READ_URL' : ''})`
    : `PGlite in ${config.DATA_DIR}`;
  // PORT=0 listens on any free port: name the one taken.
  const { port } = app.server.address() as AddressInfo;
  app.log.info(`Marco ${VERSION} is running at http://localhost:${port}/ (database: ${where})`);
  if (config.NODE_ENV === 'production' && config.DEMO_SITE) {
    app.log.warn(
      'DEMO_SITE=true: a public demo site; outbox, sandbox payments and the demo seed are allowed, and every page says so',
    );
  }
}

await main();
