import { randomUUID } from 'node:crypto';
import type { CodeSent, PhoneCodeConfirmed } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { AppError } from '../../platform/errors.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { normalizePhoneNumber } from './phone.js';
import { consentColumns, findUserByPhone, generateUserName, getUserOrThrow, isRegistrationComplete } from './users.js';
import { type CodeDeps, consumeGrant, issueGrant, sendVerificationCode, verifyCode } from './verification-codes.js';

/**
 * Phone sign-up, step 1: creates the account, or resumes a sign-up that never set a
 * password, records the consents and texts a code. A finished account's number is refused.
 */
export async function registerWithPhone(
  deps: CodeDeps,
  input: { phoneNumber: string; name?: string; surname?: string; locale: Locale; ip: string },
): Promise<CodeSent> {
  const { db, clock } = deps;
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  const now = clock.now();
  const details = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.surname !== undefined ? { surname: input.surname } : {}),
    ...consentColumns(now),
  };

  let userId: string;
  const existing = await findUserByPhone(db, phoneNumber);
  if (existing) {
    if (isRegistrationComplete(existing)) {
      throw new AppError('PHONE_ALREADY_REGISTERED', 'This phone number is already registered');
    }
    await db
      .update(users)
      .set({ ...details, updatedAt: now })
      .where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    try {
      const [created] = await db
        .insert(users)
        .values({ phoneNumber, userName: generateUserName(), ...details })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      userId = created.id;
    } catch (error) {
      // Two sign-ups with one number at once: the other one won.
      if (violatedUniqueConstraint(error) === 'users_phone_number') {
        throw new AppError('PHONE_ALREADY_REGISTERED', 'This phone number is already registered');
      }
      throw error;
    }
  }

  const sent = await sendVerificationCode(deps, {
    userId,
    purpose: 'register',
    recipient: phoneNumber,
    locale: input.locale,
    ip: input.ip,
  });
  return { userId, ...sent, devOutbox: deps.sms.kind === 'outbox' };
}

/** Phone sign-up, step 2: the texted code proves the number; answers the token the password step needs. */
export async function confirmPhoneCode(
  deps: CodeDeps,
  input: { userId: string; code: string; ip: string },
): Promise<PhoneCodeConfirmed> {
  const { db, clock } = deps;
  const user = await getUserOrThrow(db, input.userId);
  if (isRegistrationComplete(user)) {
    throw new AppError('REGISTRATION_FAILED', 'This account is already set up; sign in instead');
  }
  const code = await verifyCode(deps, { userId: user.id, purpose: 'register', code: input.code, ip: input.ip });
  await db.update(users).set({ phoneConfirmed: true, updatedAt: clock.now() }).where(eq(users.id, user.id));
  const grant = await issueGrant(db, clock, code.id);
  return { userId: user.id, registrationToken: grant.token, registrationTokenExpiresAt: grant.expiresAt };
}

/** Phone sign-up, step 3: the first password; the caller then signs the user in. */
export async function setPasswordAfterRegistration(
  deps: CodeDeps,
  input: { userId: string; registrationToken: string; password: string },
): Promise<void> {
  const { db, clock } = deps;
  assertStrongPassword(input.password, 'body.password');
  const user = await getUserOrThrow(db, input.userId);
  if (isRegistrationComplete(user)) {
    throw new AppError('PASSWORD_SETUP_FAILED', 'This account already has a password; sign in instead');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await consumeGrant(tx, clock, { userId: user.id, purpose: 'register', token: input.registrationToken });
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        phoneConfirmed: true,
        concurrencyStamp: randomUUID(),
        updatedAt: clock.now(),
      })
      .where(and(eq(users.id, user.id), isNull(users.passwordHash), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!updated) throw new AppError('PASSWORD_SETUP_FAILED', 'This account already has a password; sign in instead');
  });
}
