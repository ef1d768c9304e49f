import { LOGIN_LOCKOUT } from '@marco/contract/auth';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../platform/errors.js';
import { assertNotSuspended } from '../moderation/suspensions.js';
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

// The lockout counts per phone number, not per account: a number without an account locks
// the same way, so ACCOUNT_LOCKED tells nobody whether the number is registered.
const failuresKey = (phoneNumber: string) => `login:failures:${phoneNumber}`;
const lockKey = (phoneNumber: string) => `login:lock:${phoneNumber}`;

/**
 * Phone and password sign-in, shared by the web login and /connect/token. Outcomes:
 * the user; INVALID_CREDENTIALS; ACCOUNT_LOCKED (5 failures within 15 minutes lock the
 * number for 15 minutes); TOO_MANY_ATTEMPTS from the per-IP and per-phone limits;
 * ACCOUNT_SUSPENDED (issue 18 item 5) only after the right password. An
 * unknown number and a wrong password take the same steps (an argon2 check against a dummy
 * hash included), so neither the answer nor its timing tells them apart.
 */
export async function signInWithPassword(
  deps: LoginDeps,
  input: { phoneNumber: string; password: string; ip: string },
): Promise<UserRow> {
  const { db, rateLimiter } = deps;
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  await rateLimiter.consume(`login:ip:${input.ip}`, LOGIN_LIMITS.perIp);
  await rateLimiter.consume(`login:phone:${phoneNumber}`, LOGIN_LIMITS.perPhone);

  const user = await findUserByPhone(db, phoneNumber);
  const lockedUntil = await lockOf(deps, phoneNumber);
  if (lockedUntil) throw accountLocked(lockedUntil);

  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    const lockedNow = await recordFailedLogin(deps, phoneNumber);
    if (lockedNow) throw accountLocked(lockedNow);
    throw invalidCredentials();
  }
  await rateLimiter.clear(failuresKey(phoneNumber));
  await assertNotSuspended(db, user.id);
  return user;
}

async function lockOf(deps: LoginDeps, phoneNumber: string): Promise<Date | null> {
  const lock = await deps.rateLimiter.peek(lockKey(phoneNumber), LOGIN_LOCKOUT.lockSeconds);
  return lock.windowStart ? new Date(lock.windowStart.getTime() + LOGIN_LOCKOUT.lockSeconds * 1000) : null;
}

/** Counts a failure in the 15-minute window (atomically); locks the number at the fifth. */
async function recordFailedLogin(deps: LoginDeps, phoneNumber: string): Promise<Date | null> {
  const { rateLimiter, clock } = deps;
  const failures = await rateLimiter.hit(failuresKey(phoneNumber), {
    limit: LOGIN_LOCKOUT.maxFailures - 1,
    windowSeconds: LOGIN_LOCKOUT.windowSeconds,
  });
  if (failures.allowed) return null;
  await rateLimiter.clear(failuresKey(phoneNumber));
  await rateLimiter.hit(lockKey(phoneNumber), { limit: 1, windowSeconds: LOGIN_LOCKOUT.lockSeconds });
  return new Date(clock.now().getTime() + LOGIN_LOCKOUT.lockSeconds * 1000);
}

/** A reset password proves the phone: its lock and failures end. */
export async function liftLoginLock(deps: Pick<LoginDeps, 'rateLimiter'>, phoneNumber: string): Promise<void> {
  await deps.rateLimiter.clear(lockKey(phoneNumber));
  await deps.rateLimiter.clear(failuresKey(phoneNumber));
}
