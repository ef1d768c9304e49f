import { LOGIN_LOCKOUT } from '@marco/contract/auth';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../platform/errors.js';
import { verifyAgainstNothing, verifyPassword } from './passwords.js';
import { normalizePhoneNumber } from './phone.js';
import { findUserByPhone, type UserRow } from './users.js';

export type LoginDeps = Pick<AppDeps, 'db' | 'clock' | 'rateLimiter'>;

export const LOGIN_LIMITS = {
  perIp: { limit: 30, windowSeconds: 900 },
  perPhone: { limit: 10, windowSeconds: 900 },
};

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid phone number or password');
const accountLocked = (until: Date) =>
  new AppError('ACCOUNT_LOCKED', 'Account temporarily locked after repeated failed logins', {
    lockedUntil: until.toISOString(),
  });

/**
 * Phone and password sign-in, shared by the web login and /connect/token. Outcomes:
 * the user; INVALID_CREDENTIALS; ACCOUNT_LOCKED (5 failures within 15 minutes lock the
 * account for 15 minutes); TOO_MANY_ATTEMPTS from the per-IP and per-phone limits.
 */
export async function signInWithPassword(
  deps: LoginDeps,
  input: { phoneNumber: string; password: string; ip: string },
): Promise<UserRow> {
  const { db, clock, rateLimiter } = deps;
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  await rateLimiter.consume(`login:ip:${input.ip}`, LOGIN_LIMITS.perIp);
  await rateLimiter.consume(`login:phone:${phoneNumber}`, LOGIN_LIMITS.perPhone);

  const user = await findUserByPhone(db, phoneNumber);
  const now = clock.now();
  if (user?.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil);

  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    if (user) {
      const lockedUntil = await recordFailedLogin(deps, user.id);
      if (lockedUntil) throw accountLocked(lockedUntil);
    }
    throw invalidCredentials();
  }

  if (user.failedLoginCount > 0 || user.lockedUntil) {
    await db
      .update(users)
      .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** Counts a failure in the 15-minute window (atomically); locks the account at the fifth. */
async function recordFailedLogin(deps: LoginDeps, userId: string): Promise<Date | null> {
  const { db, clock } = deps;
  const now = clock.now();
  const windowOpenedAfter = new Date(now.getTime() - LOGIN_LOCKOUT.windowSeconds * 1000).toISOString();
  const fresh = sql`(${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowOpenedAfter}::timestamptz)`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end`,
      failedLoginWindowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${users.failedLoginWindowStart} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  if (!row || row.failedLoginCount < LOGIN_LOCKOUT.maxFailures) return null;
  const lockedUntil = new Date(now.getTime() + LOGIN_LOCKOUT.lockSeconds * 1000);
  await db
    .update(users)
    .set({ lockedUntil, failedLoginCount: 0, failedLoginWindowStart: null })
    .where(eq(users.id, userId));
  return lockedUntil;
}
