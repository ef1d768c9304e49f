import DataLoader from 'dataloader';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, staffSessionFactors, userSuspensions, users } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import { hashToken, newToken } from '../crypto/tokens.js';
import { batchedPerTurn, onePer } from '../one-per.js';
import { announceSessionsEnded, type PubSub } from '../pubsub/index.js';

/** Who is calling: what every user-scoped call needs. */
export interface AuthUser {
  id: string;
  roles: string[];
  sessionId: string;
  /** 'web' for the cookie, otherwise the OAuth client id. */
  client: string;
  /** The session passed the staff second factor (issue 18): staff routes need it. */
  secondFactor?: boolean;
}

export interface NewSession {
  userId: string;
  client: string;
  /** Hard lifetime. */
  ttlSeconds: number;
  /** Expire when unused this long (browser-session cookies). */
  idleTimeoutSeconds?: number | null;
  scope?: string | null;
}

/** last_seen_at is written at most this often, so reading a session rarely writes. */
const TOUCH_AFTER_MS = 60_000;

/** Creates a session; only the hash of the returned token is stored. */
export async function createSession(db: Db, clock: Clock, input: NewSession) {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      client: input.client,
      scope: input.scope ?? null,
      idleTimeoutSeconds: input.idleTimeoutSeconds ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id, expiresAt, expiresIn: input.ttlSeconds };
}

/**
 * The sessions of many tokens in one statement, prepared once per database
 * (platform/one-per.ts); expiry and idleness are checked per caller, against its own clock.
 */
const sessionLookup = onePer((db: Db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      client: sessions.client,
      idleTimeoutSeconds: sessions.idleTimeoutSeconds,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      roles: users.roles,
      secondFactorAt: staffSessionFactors.verifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffSessionFactors, eq(staffSessionFactors.sessionId, sessions.id))
    // A suspended user (issue 18 item 5) has no live session, even one started while the
    // suspension committed: suspending revokes the sessions, this covers the race.
    .leftJoin(userSuspensions, eq(userSuspensions.userId, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        isNull(userSuspensions.userId),
      ),
    )
    .prepare('resolve_sessions'),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

/**
 * Every signed-in request looks its session up: the lookups of the requests read in one turn
 * of the event loop go to the database as one statement (one round trip and one execution
 * instead of one per request; decision 017). Nothing is cached between turns, so a revoked
 * session fails the next request.
 */
const sessionLoaders = onePer(
  (db: Db) =>
    new DataLoader<string, SessionRow | null>(async (tokenHashes) => {
      const rows = await sessionLookup(db).execute({ tokenHashes: [...tokenHashes] });
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return tokenHashes.map((hash) => byHash.get(hash) ?? null);
    }, batchedPerTurn),
);

/** The user of a live session token, or null (unknown, revoked, expired, idle too long, deleted or suspended user). */
export async function resolveSession(db: Db, clock: Clock, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const row = await sessionLoaders(db).load(hashToken(token));
  const now = clock.now();
  if (!row || row.expiresAt <= now) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (row.idleTimeoutSeconds !== null && idleMs > row.idleTimeoutSeconds * 1000) return null;
  if (idleMs > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.userId,
    roles: row.roles,
    sessionId: row.sessionId,
    client: row.client,
    secondFactor: row.secondFactorAt !== null,
  };
}

/**
 * What ending a session needs: besides the row, the user's real-time channel is told, so every
 * instance closes that session's open sockets at once. Without it a socket outlived its
 * session by up to the periodic re-check (realtime.ts), still receiving the user's messages
 * after a sign-out, a password change or a password reset.
 */
export interface SessionEndDeps {
  db: Db;
  clock: Clock;
  pubsub: PubSub;
}

export async function revokeSession(deps: SessionEndDeps, sessionId: string): Promise<void> {
  const [ended] = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (ended) await announceSessionsEnded(deps.pubsub, ended.userId);
}

/** Signs a user out everywhere, or everywhere but `exceptSessionId` (password change). */
export async function revokeUserSessions(
  deps: SessionEndDeps,
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<void> {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) await announceSessionsEnded(deps.pubsub, userId);
}
