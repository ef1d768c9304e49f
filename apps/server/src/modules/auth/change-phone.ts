import { randomUUID } from 'node:crypto';
import type { CodeSent, CurrentUser } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { toCurrentUser } from './current-user.js';
import { normalizePhoneNumber } from './phone.js';
import { findUserByPhone, getUserOrThrow, isRegistrationComplete } from './users.js';
import { type CodeDeps, sendVerificationCode, verifyCode } from './verification-codes.js';

const phoneTaken = () => new AppError('PHONE_ALREADY_REGISTERED', 'This phone number is already registered');

/**
 * Whether `phoneNumber` can become `userId`'s: free, or held only by a sign-up that never
 * finished (which gives way).
 */
async function assertPhoneAvailable(deps: Pick<CodeDeps, 'db'>, userId: string, phoneNumber: string) {
  const holder = await findUserByPhone(deps.db, phoneNumber);
  if (!holder) return;
  if (holder.id === userId) {
    throw fieldError('PHONE_CHANGE_FAILED', 'body.phoneNumber', 'This is already your phone number');
  }
  if (isRegistrationComplete(holder)) throw phoneTaken();
}

/** `send-new-phone-number-verification-code/{id}`: texts a code to the new number. */
export async function sendNewPhoneNumberCode(
  deps: CodeDeps,
  input: { user: AuthUser; targetUserId: string; phoneNumber: string; locale: Locale; ip: string },
): Promise<CodeSent> {
  if (input.targetUserId !== input.user.id) throw new AppError('FORBIDDEN', 'You can only change your own number');
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  await assertPhoneAvailable(deps, input.user.id, phoneNumber);
  const sent = await sendVerificationCode(deps, {
    userId: input.user.id,
    purpose: 'change_phone',
    recipient: phoneNumber,
    locale: input.locale,
    ip: input.ip,
    payload: { phoneNumber },
  });
  return { userId: input.user.id, ...sent, devOutbox: deps.sms.kind === 'outbox' };
}

/** `change-phone-number-with-verification-code`: the code texted to the new number makes it the account's. */
export async function changePhoneNumber(
  deps: CodeDeps,
  input: { user: AuthUser; phoneNumber: string; code: string; ip: string },
): Promise<CurrentUser> {
  const { db, clock } = deps;
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  await verifyCode(deps, {
    userId: input.user.id,
    purpose: 'change_phone',
    code: input.code,
    ip: input.ip,
    recipient: phoneNumber,
  });
  try {
    await db.transaction(async (tx) => {
      const holder = await findUserByPhone(tx, phoneNumber);
      if (holder && holder.id !== input.user.id) {
        if (isRegistrationComplete(holder)) throw phoneTaken();
        await tx.delete(users).where(eq(users.id, holder.id));
      }
      await tx
        .update(users)
        .set({ phoneNumber, phoneConfirmed: true, concurrencyStamp: randomUUID(), updatedAt: clock.now() })
        .where(eq(users.id, input.user.id));
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_phone_number') throw phoneTaken();
    throw error;
  }
  return toCurrentUser(await getUserOrThrow(db, input.user.id));
}
