import { randomUUID } from 'node:crypto';
import type { PasswordResetCodeConfirmed, PasswordResetCodeSent } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { revokeUserSessions, type SessionEndDeps } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { liftLoginLock } from './login.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { normalizePhoneNumber } from './phone.js';
import { findUserByPhone } from './users.js';
import {
  assertMayCheckCode,
  assertMaySendCode,
  type CodeDeps,
  codeTimes,
  consumeGrant,
  issueGrant,
  issueVerificationCode,
  verifyCode,
} from './verification-codes.js';

// The reset flow must not tell which numbers have an account (issue 15 item 3): every step
// answers a number without one exactly as a number with one, and its limits count per number.

/**
 * Forgotten password, step 1: the same answer for every valid number. The code itself is
 * stored and texted by `deliver`, which the caller runs after the answer has gone, so a
 * slow SMS provider cannot make a known number's answer slower.
 */
export async function sendPasswordResetCode(
  deps: CodeDeps,
  input: { phoneNumber: string; locale: Locale; ip: string; field: string },
): Promise<{ answer: PasswordResetCodeSent; deliver: (() => Promise<void>) | null }> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, input.field);
  await assertMaySendCode(deps, { cooldownKey: `reset:${phoneNumber}`, ip: input.ip, recipient: phoneNumber });
  const answer = { ...codeTimes(deps.clock), devOutbox: deps.sms.kind === 'outbox' };
  const user = await findUserByPhone(deps.db, phoneNumber);
  if (!user) return { answer, deliver: null };
  const deliver = async () => {
    try {
      await issueVerificationCode(deps, {
        userId: user.id,
        purpose: 'reset',
        recipient: phoneNumber,
        locale: input.locale,
        ip: input.ip,
      });
    } catch (error) {
      deps.log.error({ err: error }, 'a password reset code could not be sent');
    }
  };
  return { answer, deliver };
}

// One answer for a wrong, expired or used-up code and for a number without an account.
const invalidResetCode = () => new AppError('INVALID_VERIFICATION_CODE', 'Invalid or expired verification code');

/** Step 2: the number and its code; answers the reset token of step 3 (single use, 30 minutes). */
export async function confirmPasswordResetCode(
  deps: CodeDeps,
  input: { phoneNumber: string; code: string; ip: string },
): Promise<PasswordResetCodeConfirmed> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, 'body.phoneNumber');
  const limitKey = `reset:${phoneNumber}`;
  const user = await findUserByPhone(deps.db, phoneNumber);
  if (!user) {
    await assertMayCheckCode(deps, { ip: input.ip, limitKey });
    throw invalidResetCode();
  }
  let codeId: string;
  try {
    const code = await verifyCode(
      deps,
      { userId: user.id, purpose: 'reset', code: input.code, ip: input.ip, recipient: phoneNumber },
      limitKey,
    );
    codeId = code.id;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'TOO_MANY_ATTEMPTS') throw invalidResetCode();
    throw error;
  }
  const grant = await issueGrant(deps.db, deps.clock, codeId);
  return { resetToken: grant.token, resetTokenExpiresAt: grant.expiresAt };
}

/** Step 3: the new password; the reset token names the account. Lifts a lock and signs the user out everywhere. */
export async function resetPassword(
  deps: CodeDeps & SessionEndDeps,
  input: { resetToken: string; newPassword: string },
): Promise<void> {
  const { db, clock } = deps;
  assertStrongPassword(input.newPassword, 'body.newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db.transaction(async (tx) => {
    const { userId } = await consumeGrant(tx, clock, { purpose: 'reset', token: input.resetToken });
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        // The code reached the phone: it is confirmed now.
        phoneConfirmed: true,
        concurrencyStamp: randomUUID(),
        updatedAt: clock.now(),
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id, phoneNumber: users.phoneNumber });
    if (!updated)
      throw new AppError('VERIFICATION_FAILED', 'The confirmation has expired or was already used; start again');
    return updated;
  });
  if (user.phoneNumber) await liftLoginLock(deps, user.phoneNumber);
  await revokeUserSessions(deps, user.id);
}
