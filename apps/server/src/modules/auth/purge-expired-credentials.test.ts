import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { sessions, verificationCodes } from '../../db/schema/index.js';
import { createSession, revokeSession } from '../../platform/auth/index.js';
import { ManualClock } from '../../platform/clock.js';
import { runExclusively } from '../../platform/scheduler/index.js';
import { CREDENTIAL_PURGE_LOCK, credentialPurgeJob, purgeExpiredCredentials } from './purge-expired-credentials.js';

const HOUR = 3600;
const clock = new ManualClock('2030-05-01T08:00:00.000Z');
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  user = await createUser(t.app);
});
afterAll(() => t.close());

const open = (ttlSeconds: number, idleTimeoutSeconds: number | null = null) =>
  createSession(t.database.db, clock, { userId: user.userId, client: 'web', ttlSeconds, idleTimeoutSeconds });
const remaining = async (ids: string[]) =>
  (await t.database.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map(
    (row) => row.id,
  );

it('deletes expired, revoked and idle sessions and used-up codes a day after they stop working', async () => {
  const live = await open(30 * 24 * HOUR);
  const expiring = await open(HOUR);
  const revoked = await open(30 * 24 * HOUR);
  await revokeSession({ ...t.app.deps, clock }, revoked.sessionId);
  const idle = await open(30 * 24 * HOUR, HOUR);
  const ids = [live.sessionId, expiring.sessionId, revoked.sessionId, idle.sessionId];
  const signUpCodes = await t.database.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(eq(verificationCodes.userId, user.userId));
  expect(signUpCodes.length).toBeGreaterThan(0);

  // Dead for less than a day: kept.
  clock.advance(12 * HOUR);
  await purgeExpiredCredentials(t.database.db, clock);
  expect((await remaining(ids)).sort()).toEqual([...ids].sort());

  clock.advance(14 * HOUR);
  const result = await purgeExpiredCredentials(t.database.db, clock);
  expect(await remaining(ids)).toEqual([live.sessionId]);
  expect(result.sessions).toBeGreaterThanOrEqual(3);
  const codesLeft = await t.database.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(eq(verificationCodes.userId, user.userId));
  expect(codesLeft).toEqual([]);
  expect(result.verificationCodes).toBeGreaterThanOrEqual(signUpCodes.length);

  // The live session still signs in.
  const session = await t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { authorization: `Bearer ${live.token}` },
  });
  expect(session.statusCode).toBe(200);

  // A second pass finds nothing.
  expect(await purgeExpiredCredentials(t.database.db, clock)).toEqual({
    sessions: 0,
    verificationCodes: 0,
    rateLimits: 0,
  });
});

it('runs the job under its advisory lock, and not while another session holds it', async () => {
  const job = credentialPurgeJob({ clock });
  expect(job.lockKey).toBe(CREDENTIAL_PURGE_LOCK);
  expect(await runExclusively(t.database.db, job.lockKey, job.run)).toBe(true);
  if (process.env.TEST_DATABASE_URL) {
    let inner: boolean | undefined;
    await runExclusively(t.database.db, CREDENTIAL_PURGE_LOCK, async () => {
      inner = await runExclusively(t.database.db, CREDENTIAL_PURGE_LOCK, async () => {});
    });
    expect(inner).toBe(false);
  }
});
