import { z } from 'zod';

/*
 * Background jobs (issue 18, "Bad input and failure"): recurring work runs on a PostgreSQL job
 * queue (pg-boss) with retries and dead letters. `GET /api/app/staff/jobs` (admin) shows each
 * job's queue and the runs that failed every retry.
 */

/** Every recurring job, in the order the console lists them. */
export const BACKGROUND_JOBS = [
  'reservations-sweep',
  'payout-run',
  'rates-apply-due',
  'search-availability',
  'responses-refresh',
  'auth-purge-expired-credentials',
] as const;
export const BackgroundJobSchema = z.enum(BACKGROUND_JOBS);
export type BackgroundJob = z.infer<typeof BackgroundJobSchema>;

/** How often a failed run is tried again before it becomes a dead letter (so a dead letter ran this many times + 1). */
export const JOB_RETRY_LIMIT = 4;

export const JobQueueSchema = z.object({
  job: BackgroundJobSchema,
  /** How often a run is queued. */
  everySeconds: z.number().int().positive(),
  /** Runs waiting to start (at most one: a job never queues behind itself). */
  queued: z.number().int().min(0),
  /** Runs in progress (at most one across every instance). */
  active: z.number().int().min(0),
  /** Runs that failed and wait for their next try (backing off: 5 s, 10 s, 20 s, …). */
  retrying: z.number().int().min(0),
  lastSucceededAt: z.iso.datetime().nullable(),
  lastFailedAt: z.iso.datetime().nullable(),
});
export type JobQueue = z.infer<typeof JobQueueSchema>;

/** A run that failed on every try; the job's next run is queued as usual. */
export const DeadLetterSchema = z.object({
  id: z.uuid(),
  job: BackgroundJobSchema,
  failedAt: z.iso.datetime(),
  attempts: z.number().int().positive(),
  /** The last try's error message (no stack). */
  error: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** How many dead letters the console shows, newest first. */
export const DEAD_LETTERS_SHOWN = 50;

export const StaffJobsSchema = z.object({
  queues: z.array(JobQueueSchema),
  deadLetters: z.array(DeadLetterSchema).max(DEAD_LETTERS_SHOWN),
  generatedAt: z.iso.datetime(),
});
export type StaffJobs = z.infer<typeof StaffJobsSchema>;
