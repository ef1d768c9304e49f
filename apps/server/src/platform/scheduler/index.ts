import { createRequire } from 'node:module';
import { BACKGROUND_JOBS, type BackgroundJob, JOB_RETRY_LIMIT } from '@marco/contract/jobs';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { type Db, driverOf } from '../../db/client.js';
import { type Metrics, noMetrics } from '../metrics/index.js';

/*
 * Recurring jobs on pg-boss, a PostgreSQL job queue (decision 028), on PGlite as on
 * PostgreSQL. Every instance queues each job on its interval, unless a run is already
 * waiting, as a singleton of its interval (pg-boss throttling: one run per slot whatever the
 * number of instances). The queue retries a failed run with backoff (5 s, 10 s, 20 s, 40 s)
 * and then keeps it as a dead letter, which staff see in the console
 * (`GET /api/app/staff/jobs`). A run takes the job's advisory lock inside its transaction:
 * that, not the queue's state, keeps two runs of a job apart (across instances, and from the
 * same work started by hand, as a payout run finance starts), so a run left 'active' by an
 * instance that died holds nothing up. Started from main.ts; tests call `runExclusively`
 * (or the job) directly.
 */

export interface ScheduledJob {
  name: BackgroundJob;
  /** A number unique to the job among the application's advisory locks. */
  lockKey: number;
  intervalMs: number;
  /**
   * The work of one run; `db` is the transaction that holds the lock. It may answer a
   * follow-up run after the commit, outside the lock (sending e-mails, calling providers:
   * slow work that must not keep the transaction open, and that on PGlite cannot use the
   * database while it is).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most jobs answer nothing (`async () => {}`)
  run(db: Db): Promise<void | AfterCommit>;
}

export type AfterCommit = () => Promise<void>;

/** pg-boss's tables live in this schema, apart from the application's. */
export const JOB_SCHEMA = 'pgboss';
/** Where a run that failed every try is kept; its data names the job. */
export const DEAD_LETTER_QUEUE = 'dead-letters';
const RETRY_DELAY_S = 5;
/** A run still 'active' after this long is taken as lost (its instance died) and retried. */
const RUN_EXPIRES_S = 15 * 60;
/** Dead letters (and queued runs nobody took) are kept this long. */
const RETENTION_DAYS = 14;

/**
 * Runs `work` under the advisory lock `lockKey`, then its follow-up (if it answers one) after
 * the commit; false (and nothing run) when another session holds the lock.
 */
export async function runExclusively(
  db: Db,
  lockKey: number,
  // biome-ignore lint/suspicious/noConfusingVoidType: as ScheduledJob.run
  work: (db: Db) => Promise<void | AfterCommit>,
): Promise<boolean> {
  let after: AfterCommit | undefined;
  const ran = await db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`);
    if (!result.rows[0]?.locked) return false;
    after = (await work(tx as unknown as Db)) || undefined;
    return true;
  });
  if (after) await after();
  return ran;
}

/** pg-boss's own SQL, to know its worker's writes (below) by their text. */
const jobQueuePlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss 10 does not await its worker's writes of a run's outcome (`complete` and `fail` in
 * its manager's onFetch, the last 10.x): one failing while the database is away would reject
 * unheard and end the process. Such a write is logged and answers "no row changed" instead;
 * its run stays active until it expires (RUN_EXPIRES_S) and the queue runs it again, which
 * the jobs, all idempotent sweeps under their lock, allow.
 */
function hearingOutcomeWrites(connection: PgBoss.Db, log: FastifyBaseLogger): PgBoss.Db {
  const outcomeWrites = new Set([jobQueuePlans.completeJobs(JOB_SCHEMA), jobQueuePlans.failJobsById(JOB_SCHEMA)]);
  return {
    executeSql: async (text, values) => {
      if (!outcomeWrites.has(text)) return connection.executeSql(text, values);
      try {
        return await connection.executeSql(text, values);
      } catch (error) {
        log.error({ err: error, job: values?.[0] }, "could not record a background job's outcome; it runs again");
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

/**
 * pg-boss's connection: the application's pool on PostgreSQL; on PGlite, the engine itself,
 * whose `exec` takes pg-boss's multi-statement scripts (its schema, its locked maintenance).
 */
function jobQueueConnection(db: Db): PgBoss.Db {
  const driver = driverOf(db);
  if (driver.engine === 'postgres') return { executeSql: (text, values) => driver.pool.query(text, values) };
  const { client } = driver;
  return {
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A script that failed after its BEGIN leaves the only session in an aborted transaction.
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * Runs pg-boss's set-up call `work`, again when PostgreSQL chose it as a deadlock's victim:
 * instances starting together create the same queues at once, and creating one (its row, its
 * partition, its constraints) can deadlock with the other instance's; the call is idempotent,
 * so the victim's retry finds the queue made.
 */
async function retryingDeadlocks(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** A job runs at least as often as it is polled for, and a queued run on this instance starts at once (notifyWorker). */
const pollingSeconds = (intervalMs: number) => Math.min(30, Math.max(0.5, intervalMs / 1000));

/**
 * Starts the queue (creating or migrating its schema) and every job on its interval; the
 * returned function stops queueing, lets the running runs end and stops the queue. Each run
 * is counted in `metrics` (pass the app's, `app.deps.metrics`); `retry` is for tests, which
 * cannot wait for the production backoff.
 */
export async function startScheduler(
  db: Db,
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'countJobRun'> = noMetrics,
  retry: { limit: number; delaySeconds: number } = { limit: JOB_RETRY_LIMIT, delaySeconds: RETRY_DELAY_S },
): Promise<() => Promise<void>> {
  const boss = new PgBoss({
    db: hearingOutcomeWrites(jobQueueConnection(db), log),
    schema: JOB_SCHEMA,
    // Intervals, not cron: several jobs run more often than once a minute.
    schedule: false,
    // Hourly jobs keep their last success in the live table for the console (jobStatus).
    archiveCompletedAfterSeconds: 2 * 3600,
    archiveFailedAfterSeconds: RETENTION_DAYS * 86_400,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await retryingDeadlocks(() =>
    boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: RETENTION_DAYS }),
  );

  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const queue: PgBoss.Queue = {
      name: job.name,
      // Not 'stately' or 'singleton': those hold a job up while a run stays 'active', and a
      // run whose instance died (or lost the database mid-run) stays so until it expires.
      policy: 'standard',
      expireInSeconds: RUN_EXPIRES_S,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      retentionDays: RETENTION_DAYS,
      deadLetter: DEAD_LETTER_QUEUE,
    };
    await retryingDeadlocks(() => boss.createQueue(job.name, queue));
    // A queue made by an earlier version takes today's options.
    await retryingDeadlocks(() => boss.updateQueue(job.name, queue));
    const worker = await boss.work(
      job.name,
      { pollingIntervalSeconds: pollingSeconds(job.intervalMs), batchSize: 1 },
      async () => {
        try {
          const ran = await runExclusively(db, job.lockKey, job.run);
          metrics.countJobRun(job.name, ran ? 'ran' : 'skipped');
        } catch (error) {
          metrics.countJobRun(job.name, 'failed');
          log.error({ err: error, job: job.name }, 'background job failed; the queue retries it');
          throw error;
        }
      },
    );
    const slotSeconds = Math.max(1, Math.round(job.intervalMs / 1000));
    const queueRun = async () => {
      // A run waiting (for its turn, or for its retry after a failure) stands for this one.
      if ((await boss.getQueueSize(job.name, { before: 'active' })) > 0) return;
      // null: another instance queued this slot's run first.
      if (await boss.sendThrottled(job.name, { job: job.name }, {}, slotSeconds)) boss.notifyWorker(worker);
    };
    const timer = setInterval(() => {
      queueRun().catch((error: unknown) =>
        log.error({ err: error, job: job.name }, 'could not queue a background job'),
      );
    }, job.intervalMs);
    timer.unref();
    timers.push(timer);
  }

  return async () => {
    for (const timer of timers) clearInterval(timer);
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 8000 });
  };
}

type JobStatusRow = {
  job: string;
  queued: number;
  active: number;
  retrying: number;
  last_succeeded_at: Date | string | null;
  last_failed_at: Date | string | null;
};

type DeadLetterRow = {
  id: string;
  job: string;
  failed_at: Date | string;
  retry_limit: number | null;
  error: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isBackgroundJob = (name: string): name is BackgroundJob => (BACKGROUND_JOBS as readonly string[]).includes(name);

/**
 * What the console shows of the queue: per job its waiting, running and retrying runs and
 * when it last succeeded and failed, and the newest dead letters. Empty counts before the
 * queue's first start (its schema does not exist yet).
 */
export async function jobStatus(db: Db, jobs: Pick<ScheduledJob, 'name' | 'intervalMs'>[], deadLetters: number) {
  const installed = await db.execute<{ installed: boolean }>(
    sql`select to_regclass(${`${JOB_SCHEMA}.job`}) is not null as installed`,
  );
  const names = jobs.map((job) => job.name);
  const stats = new Map<string, JobStatusRow>();
  let dead: DeadLetterRow[] = [];
  if (installed.rows[0]?.installed) {
    const statsResult = await db.execute<JobStatusRow>(sql`
      select name as job,
        count(*) filter (where state = 'created')::int as queued,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'retry')::int as retrying,
        max(completed_on) filter (where state = 'completed') as last_succeeded_at,
        max(completed_on) filter (where state = 'failed') as last_failed_at
      from pgboss.job
      where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      group by name`);
    for (const row of statsResult.rows) stats.set(row.job, row);
    const deadResult = await db.execute<DeadLetterRow>(sql`
      select id, data->>'job' as job, created_on as failed_at, retry_limit, output->>'message' as error
      from pgboss.job
      where name = ${DEAD_LETTER_QUEUE}
      order by created_on desc
      limit ${deadLetters}`);
    dead = deadResult.rows;
  }
  return {
    queues: jobs.map((job) => {
      const row = stats.get(job.name);
      return {
        job: job.name,
        everySeconds: Math.max(1, Math.round(job.intervalMs / 1000)),
        queued: row?.queued ?? 0,
        active: row?.active ?? 0,
        retrying: row?.retrying ?? 0,
        lastSucceededAt: row?.last_succeeded_at ? iso(row.last_succeeded_at) : null,
        lastFailedAt: row?.last_failed_at ? iso(row.last_failed_at) : null,
      };
    }),
    deadLetters: dead.flatMap((row) =>
      isBackgroundJob(row.job)
        ? [
            {
              id: row.id,
              job: row.job,
              failedAt: iso(row.failed_at),
              attempts: (row.retry_limit ?? JOB_RETRY_LIMIT) + 1,
              error: row.error ?? '',
            },
          ]
        : [],
    ),
  };
}
