import { randomUUID } from 'node:crypto';
import type { CodeSent } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type AuthUser, revokeUserSessions, type SessionEndDeps } from '../../platform/auth/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fieldError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit/index.js';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.js';
import { getUserOrThrow } from './users.js';
import { type CodeDeps, sendVerificationCode, verifyCode } from './verification-codes.js';

/** Guessing a signed-in user's password through confirmations is limited like logins. */
export const PASSWORD_CONFIRM_LIMIT = { limit: 10, windowSeconds: 900 };

/**
 * Checks the password of a signed-in user before a sensitive action. A wrong one is a
 * field error (not 401, which would sign the web app out).
 */
export async function confirmCurrentPassword(
  deps: { db: Db; rateLimiter: RateLimiter },
  input: { userId: string; password: string; field: string; code: 'PASSWORD_CHANGE_FAILED' | 'VALIDATION_FAILED' },
): Promise<void> {
  await deps.rateLimiter.consume(`password-confirm:user:${input.userId}`, PASSWORD_CONFIRM_LIMIT);
  const user = await getUserOrThrow(deps.db, input.userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw fieldError(input.code, input.field, 'Current password is incorrect');
  }
}

async function setPassword(db: Db, clock: Clock, userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash, concurrencyStamp: randomUUID(), updatedAt: clock.now() })
    .where(eq(users.id, userId));
}

/** `change-password`: other sessions are signed out; this one stays. */
export async function changePassword(
  deps: Pick<CodeDeps, 'db' | 'clock' | 'rateLimiter'> & SessionEndDeps,
  input: { user: AuthUser; currentPassword: string; newPassword: string },
): Promise<void> {
  const account = await getUserOrThrow(deps.db, input.user.id);
  if (!account.passwordHash) {
    throw fieldError(
      'PASSWORD_CHANGE_FAILED',
      'body.currentPassword',
      'This account has no password yet; confirm with a code sent to your phone',
    );
  }
  await confirmCurrentPassword(deps, {
    userId: input.user.id,
    password: input.currentPassword,
    field: 'body.currentPassword',
    code: 'PASSWORD_CHANGE_FAILED',
  });
  assertStrongPassword(input.newPassword, 'body.newPassword');
  await setPassword(deps.db, deps.clock, input.user.id, input.newPassword);
  await revokeUserSessions(deps, input.user.id, { exceptSessionId: input.user.sessionId });
}

/** `send-change-password-confirmation-phone-token`: texts a code to the user's own phone. */
export async function sendChangePasswordCode(
  deps: CodeDeps,
  input: { user: AuthUser; locale: Locale; ip: string },
): Promise<CodeSent> {
  const account = await getUserOrThrow(deps.db, input.user.id);
  if (!account.phoneNumber) {
    throw new AppError('PHONE_VERIFICATION_FAILED', 'This account has no phone number to send a code to');
  }
  const sent = await sendVerificationCode(deps, {
    userId: account.id,
    purpose: 'change_password',
    recipient: account.phoneNumber,
    locale: input.locale,
    ip: input.ip,
  });
  return { userId: account.id, ...sent, devOutbox: deps.sms.kind === 'outbox' };
}

/**
 * `confirm-change-password-token`: the texted code (`token`) authorises the new password,
 * also for accounts without one yet (social sign-in). Other sessions are signed out.
 */
export async function confirmChangePasswordToken(
  deps: CodeDeps & SessionEndDeps,
  input: { user: AuthUser; token: string; newPassword: string; ip: string; newPasswordField: string },
): Promise<void> {
  assertStrongPassword(input.newPassword, input.newPasswordField);
  await verifyCode(deps, { userId: input.user.id, purpose: 'change_password', code: input.token, ip: input.ip });
  await setPassword(deps.db, deps.clock, input.user.id, input.newPassword);
  await revokeUserSessions(deps, input.user.id, { exceptSessionId: input.user.sessionId });
}
