import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Metrics, noMetrics } from '../metrics/index.js';

/*
 * Periodic jobs shared by every server instance. Each tick runs inside one transaction that
 * first takes `pg_try_advisory_xact_lock(lockKey)`: when another instance holds it, this
 * instance skips the tick, so two instances never run the same tick. The lock ends with
 * the transaction. Started from main.ts; tests call `runExclusively` (or the job) directly.
 */

export interface ScheduledJob {
  name: string;
  /** A number unique to the job among the application's advisory locks. */
  lockKey: number;
  intervalMs: number;
  /**
   * The work of one tick; `db` is the transaction that holds the lock. It may answer a
   * follow-up run after the commit, outside the lock (sending e-mails, calling providers:
   * slow work that must not keep the transaction open, and that on PGlite cannot use the
   * database while it is).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most jobs answer nothing (`async () => {}`)
  run(db: Db): Promise<void | AfterCommit>;
}

export type AfterCommit = () => Promise<void>;

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

/**
 * Starts every job on its interval; the returned function stops them and waits for running
 * ticks. Each tick is counted in `metrics` (pass the app's, `app.deps.metrics`).
 */
export function startScheduler(
  db: Db,
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'countJobRun'> = noMetrics,
): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const tick = runExclusively(db, job.lockKey, job.run)
        .then((ran) => metrics.countJobRun(job.name, ran ? 'ran' : 'skipped'))
        .catch((error: unknown) => {
          metrics.countJobRun(job.name, 'failed');
          log.error({ err: error, job: job.name }, 'scheduled job failed');
        })
        .finally(() => {
          busy = false;
          running.delete(tick);
        });
      running.add(tick);
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}
