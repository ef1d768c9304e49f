import { randomUUID } from 'node:crypto';
import type { CodeSent, PasswordResetCodeConfirmed } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { revokeUserSessions } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { normalizePhoneNumber } from './phone.js';
import { findUserByPhone, getUserOrThrow } from './users.js';
import { type CodeDeps, consumeGrant, issueGrant, sendVerificationCode, verifyCode } from './verification-codes.js';

/** Forgotten password, step 1: texts a reset code to the account's phone. */
export async function sendPasswordResetCode(
  deps: CodeDeps,
  input: { phoneNumber: string; locale: Locale; ip: string; field: string },
): Promise<CodeSent> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, input.field);
  const user = await findUserByPhone(deps.db, phoneNumber);
  if (!user) throw new AppError('USER_NOT_FOUND', 'No account uses this phone number');
  const sent = await sendVerificationCode(deps, {
    userId: user.id,
    purpose: 'reset',
    recipient: phoneNumber,
    locale: input.locale,
    ip: input.ip,
  });
  return { userId: user.id, ...sent, devOutbox: deps.sms.kind === 'outbox' };
}

/** Step 2: the code; answers the reset token of step 3 (single use, 30 minutes). */
export async function confirmPasswordResetCode(
  deps: CodeDeps,
  input: { userId: string; code: string; ip: string },
): Promise<PasswordResetCodeConfirmed> {
  const user = await getUserOrThrow(deps.db, input.userId);
  const code = await verifyCode(deps, { userId: user.id, purpose: 'reset', code: input.code, ip: input.ip });
  const grant = await issueGrant(deps.db, deps.clock, code.id);
  return { userId: user.id, resetToken: grant.token, resetTokenExpiresAt: grant.expiresAt };
}

/** Step 3: the new password. Lifts a lock and signs the user out everywhere. */
export async function resetPassword(
  deps: CodeDeps,
  input: { userId: string; resetToken: string; newPassword: string },
): Promise<void> {
  const { db, clock } = deps;
  assertStrongPassword(input.newPassword, 'body.newPassword');
  const user = await getUserOrThrow(db, input.userId);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await consumeGrant(tx, clock, { userId: user.id, purpose: 'reset', token: input.resetToken });
    await tx
      .update(users)
      .set({
        passwordHash,
        // The code reached the phone: it is confirmed now.
        phoneConfirmed: true,
        failedLoginCount: 0,
        failedLoginWindowStart: null,
        lockedUntil: null,
        concurrencyStamp: randomUUID(),
        updatedAt: clock.now(),
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  });
  await revokeUserSessions(db, clock, user.id);
}
