import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { hasNoGuides, seedDemo } from './db/seed/demo.js';
import { credentialPurgeJob } from './modules/auth/purge-expired-credentials.js';
import { reservationSweepJob } from './modules/reservations/sweep.js';
import { searchAvailabilityJob } from './modules/search/availability-index.js';
import { startScheduler } from './platform/scheduler/index.js';
import { createStorage } from './platform/storage/index.js';
import { VERSION } from './version.js';

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
  const app = await buildApp({ config, db: database.db, version: VERSION });

  const stopScheduler = startScheduler(
    database.db,
    [reservationSweepJob(app.deps), credentialPurgeJob(app.deps), searchAvailabilityJob(app.deps)],
    app.log,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopScheduler();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  app.log.info(`Marco ${VERSION} is running at http://localhost:${config.PORT}/ (database: ${where})`);
  if (config.NODE_ENV === 'production' && config.DEMO_SITE) {
    app.log.warn(
      'DEMO_SITE=true: a public demo site; outbox, sandbox payments and the demo seed are allowed, and every page says so',
    );
  }
}

await main();
