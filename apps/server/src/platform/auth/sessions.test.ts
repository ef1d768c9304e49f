import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createSession, resolveSession, revokeSession } from './sessions.js';

describe('resolving sessions', () => {
  let t: TestApp;
  let people: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    people = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  });
  afterAll(() => t?.close());

  it('answers each of the requests read together with its own user', async () => {
    const { db, clock } = t.app.deps;
    // Asked in one turn of the event loop: one statement answers all of them.
    const resolved = await Promise.all([
      ...people.map((person) => resolveSession(db, clock, person.token)),
      resolveSession(db, clock, 'not-a-token'),
      ...[...people].reverse().map((person) => resolveSession(db, clock, person.token)),
    ]);
    expect(resolved.map((user) => user?.id ?? null)).toEqual([
      ...people.map((person) => person.userId),
      null,
      ...[...people].reverse().map((person) => person.userId),
    ]);
  });

  it('refuses a revoked session on the next request, next to live ones', async () => {
    const { db, clock } = t.app.deps;
    const [first, second] = people as [TestUser, TestUser];
    const extra = await createSession(db, clock, { userId: first.userId, client: 'web', ttlSeconds: 3600 });
    expect((await resolveSession(db, clock, extra.token))?.sessionId).toBe(extra.sessionId);
    await revokeSession(t.app.deps, extra.sessionId);
    const [revoked, live] = await Promise.all([
      resolveSession(db, clock, extra.token),
      resolveSession(db, clock, second.token),
    ]);
    expect(revoked).toBeNull();
    expect(live?.id).toBe(second.userId);
  });

  it('refuses a session past its lifetime by the caller’s clock', async () => {
    const { db, clock } = t.app.deps;
    const [person] = people as [TestUser];
    const short = await createSession(db, clock, { userId: person.userId, client: 'web', ttlSeconds: 60 });
    const later = { now: () => new Date(clock.now().getTime() + 61_000) };
    const [expired, current] = await Promise.all([
      resolveSession(db, later, short.token),
      resolveSession(db, clock, short.token),
    ]);
    expect(expired).toBeNull();
    expect(current?.id).toBe(person.userId);
  });
});
