import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import { jobStatus, type ScheduledJob, startScheduler } from './index.js';

let t: TestApp;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t.app, t.database.db, { roles: ['admin'] });
});

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const start = (jobs: ScheduledJob[], retry = { limit: 1, delaySeconds: 1 }) =>
  startScheduler(t.database.db, jobs, t.app.log, t.app.deps.metrics, retry);

describe('background jobs on the queue', () => {
  it('runs a job on its interval, never twice at once, when two instances queue it', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const job: ScheduledJob = {
      name: 'responses-refresh',
      lockKey: 9_200_001,
      intervalMs: 20,
      run: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(60);
        running -= 1;
        runs += 1;
      },
    };
    // On PostgreSQL started together, as the instances of a rolling start are (both create the
    // queues at once); the embedded PGlite belongs to one process, which starts once.
    const stops =
      t.database.engine === 'postgres'
        ? await Promise.all([start([job]), start([job])])
        : [await start([job]), await start([job])];
    try {
      await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 20 });
    } finally {
      for (const stop of stops) await stop();
    }
    expect(mostAtOnce).toBe(1);
    const status = await jobStatus(t.database.db, [job], 10);
    expect(status.queues[0]?.lastSucceededAt).not.toBeNull();
  });

  it('retries a failed run, then keeps it as a dead letter with its error, and the next run still happens', async () => {
    const tries: number[] = [];
    const job: ScheduledJob = {
      name: 'rates-apply-due',
      lockKey: 9_200_002,
      intervalMs: 50,
      run: async () => {
        tries.push(Date.now());
        if (tries.length <= 2) throw new Error(`the rates provider is down (try ${tries.length})`);
      },
    };
    const stop = await start([job]);
    try {
      await vi.waitFor(() => expect(tries.length).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 50 });
    } finally {
      await stop();
    }
    // The retry waited for its backoff (at least the 1 s delay), though the job is queued every 50 ms.
    expect((tries[1] ?? 0) - (tries[0] ?? 0)).toBeGreaterThanOrEqual(900);
    const { queues, deadLetters } = await jobStatus(t.database.db, [job], 10);
    const [letter] = deadLetters.filter((dead) => dead.job === 'rates-apply-due');
    expect(letter).toMatchObject({ job: 'rates-apply-due', attempts: 2, error: 'the rates provider is down (try 2)' });
    expect(queues[0]?.lastFailedAt).not.toBeNull();
    expect(queues[0]?.lastSucceededAt).not.toBeNull();
  });

  it("goes on when the database refuses to record a run's outcome, as while it restarts", async () => {
    // pg-boss writes a run's outcome without awaiting it: unheard, this failure ended the process.
    // Started and stopped once without jobs: pg-boss makes its schema, whose job table the trigger needs.
    await (await start([]))();
    await t.database.db.execute(sql`
      create function pgboss.refuse_completion() returns trigger language plpgsql as $$
      begin raise exception 'the database is restarting'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_completion before update on pgboss.job for each row
      when (new.name = 'search-availability' and new.state = 'completed')
      execute function pgboss.refuse_completion()`);
    const unheard: unknown[] = [];
    const hear = (error: unknown) => unheard.push(error);
    process.on('unhandledRejection', hear);
    const logged = vi.spyOn(t.app.log, 'error');
    let runs = 0;
    const job: ScheduledJob = {
      name: 'search-availability',
      lockKey: 9_200_003,
      intervalMs: 50,
      run: async () => {
        runs += 1;
      },
    };
    const stop = await start([job]);
    try {
      await vi.waitFor(
        () => {
          expect(logged).toHaveBeenCalledWith(
            expect.objectContaining({ job: 'search-availability' }),
            "could not record a background job's outcome; it runs again",
          );
          expect(runs).toBeGreaterThanOrEqual(3);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await stop();
      process.off('unhandledRejection', hear);
      logged.mockRestore();
      await t.database.db.execute(sql`drop function pgboss.refuse_completion() cascade`);
    }
    expect(unheard).toEqual([]);
  });
});

describe('GET /api/app/staff/jobs', () => {
  it('shows admin the six jobs and the dead letters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/staff/jobs', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.queues.map((queue: { job: string }) => queue.job)).toEqual([
      'reservations-sweep',
      'payout-run',
      'rates-apply-due',
      'search-availability',
      'responses-refresh',
      'auth-purge-expired-credentials',
    ]);
    expect(body.deadLetters.some((dead: { job: string }) => dead.job === 'rates-apply-due')).toBe(true);
  });

  it('refuses a traveller, support and finance (403) and a visitor (401)', async () => {
    const traveller = await createUser(t.app);
    const support = await createStaff(t.app, t.database.db, { roles: ['support'] });
    const finance = await createStaff(t.app, t.database.db, { roles: ['finance'] });
    for (const user of [traveller, support, finance]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/app/staff/jobs', headers: user.headers });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/app/staff/jobs' })).statusCode).toBe(401);
  });
});
