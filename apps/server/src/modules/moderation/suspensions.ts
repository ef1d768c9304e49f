import { staffRolesOf } from '@marco/contract/staff';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { sessions, userSuspensions, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { announceSessionsEnded } from '../../platform/pubsub/index.js';
import { reinstateGuideOfUser, suspendGuideOfUser } from '../guides/account-suspension.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Deps = Pick<AppDeps, 'db' | 'clock'>;
type SuspendDeps = Deps & Pick<AppDeps, 'pubsub'>;

const suspendedError = () =>
  new AppError('ACCOUNT_SUSPENDED', 'This account is suspended. If you think this is a mistake, contact support.');

/** Whether the user is suspended now. */
export async function isUserSuspended(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userSuspensions.userId })
    .from(userSuspensions)
    .where(eq(userSuspensions.userId, userId));
  return Boolean(row);
}

/**
 * Refuses a sign-in of a suspended user with 403 ACCOUNT_SUSPENDED. Called only once the
 * credentials are proven, so the answer tells nothing to someone who does not hold them.
 */
export async function assertNotSuspended(db: Db, userId: string): Promise<void> {
  if (await isUserSuspended(db, userId)) throw suspendedError();
}

/**
 * Suspends a user inside the caller's transaction (issue 18 item 5): every session of theirs
 * (cookie and bearer alike are rows of `sessions`) is revoked in it, so their next request is
 * a visitor's; an approved guide profile of theirs is suspended with the account. Staff
 * accounts are left to an admin's role change (403). Answers false when already suspended.
 */
export async function suspendUserInTx(
  tx: Tx,
  actor: StaffActor,
  userId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id, roles: users.roles, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (staffRolesOf(user.roles).length > 0) {
    throw new AppError('FORBIDDEN', 'Staff accounts are not suspended: an admin removes their roles', {
      reason: 'staff_account',
    });
  }
  const inserted = await tx
    .insert(userSuspensions)
    .values({ userId, reason, suspendedAt: now, suspendedBy: actor.user.id })
    .onConflictDoNothing()
    .returning({ userId: userSuspensions.userId });
  if (!inserted.length) return false;
  const guideId = await suspendGuideOfUser(tx, userId, { reason, actorId: actor.user.id, now });
  if (guideId) await tx.update(userSuspensions).set({ guideId }).where(eq(userSuspensions.userId, userId));
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await recordStaffAction(tx, actor, {
    action: 'user.suspend',
    targetType: 'user',
    targetId: userId,
    before: { suspended: false },
    after: { suspended: true, reason, guideSuspended: guideId, sessionsEnded: revoked.length },
    at: now,
  });
  return true;
}

/** `POST /api/app/staff/users/{userId}/suspend`: 409 INVALID_STATE when already suspended. */
export async function suspendUser(deps: SuspendDeps, actor: StaffActor, userId: string, reason: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await suspendUserInTx(tx, actor, userId, reason, now))) {
      throw new AppError('INVALID_STATE', 'This user is already suspended');
    }
  });
  await announceSessionsEnded(deps.pubsub, userId);
}

/**
 * Lifts a suspension: the user may sign in again (their old sessions stay ended) and the
 * guide profile the suspension took down is public again. 409 INVALID_STATE when not suspended.
 */
export async function reinstateUser(deps: Deps, actor: StaffActor, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(userSuspensions).where(eq(userSuspensions.userId, userId)).returning();
    if (!removed) {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      throw new AppError('INVALID_STATE', 'This user is not suspended');
    }
    const guideReinstated = removed.guideId
      ? await reinstateGuideOfUser(tx, removed.guideId, { actorId: actor.user.id, now })
      : false;
    await recordStaffAction(tx, actor, {
      action: 'user.reinstate',
      targetType: 'user',
      targetId: userId,
      before: { suspended: true, reason: removed.reason, suspendedAt: removed.suspendedAt.toISOString() },
      after: { suspended: false, guideReinstated: guideReinstated ? removed.guideId : null },
      at: now,
    });
  });
}
