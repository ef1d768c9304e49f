import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_RESEND_COOLDOWN_S,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_GRANT_TTL_S,
} from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { type VerificationPurpose, verificationCodes } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken, newToken } from '../../platform/crypto/tokens.js';
import { AppError } from '../../platform/errors.js';
import { tooManyAttempts } from '../../platform/rate-limit/index.js';
import { verificationSms } from './sms-messages.js';

export type CodeDeps = Pick<AppDeps, 'db' | 'clock' | 'sms' | 'rateLimiter'> & { log: FastifyBaseLogger };

// Abuse limits on texting and checking codes (issue 3 item 4), besides the per-code rules.
export const CODE_LIMITS = {
  sendPerIp: { limit: 30, windowSeconds: 3600 },
  sendPerPhone: { limit: 6, windowSeconds: 3600 },
  checkPerIp: { limit: 40, windowSeconds: 900 },
  checkPerUser: { limit: 15, windowSeconds: 900 },
};

const hashCode = (codeId: string, code: string) => hashToken(`${codeId}:${code}`);

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type SendCodeInput = {
  userId: string;
  purpose: VerificationPurpose;
  recipient: string;
  locale: Locale;
  ip: string;
  payload?: Record<string, string>;
};

/**
 * Texts a fresh 6-digit code (stored hashed, valid 10 minutes) and retires the user's
 * earlier codes for the same purpose. A new code for the same user and purpose waits 60 s.
 */
export async function sendVerificationCode(deps: CodeDeps, input: SendCodeInput) {
  await assertMaySendCode(deps, { cooldownKey: `${input.purpose}:${input.userId}`, ...input });
  return issueVerificationCode(deps, input);
}

/**
 * The abuse limits of texting a code: one per `cooldownKey` a minute, and per address and
 * number an hour. They name no account, so the reset flow can apply them to any number.
 */
export async function assertMaySendCode(
  deps: Pick<CodeDeps, 'rateLimiter'>,
  input: { cooldownKey: string; ip: string; recipient: string },
): Promise<void> {
  const { rateLimiter } = deps;
  const cooldown = await rateLimiter.hit(`code-send:cooldown:${input.cooldownKey}`, {
    limit: 1,
    windowSeconds: VERIFICATION_CODE_RESEND_COOLDOWN_S,
  });
  if (!cooldown.allowed) throw tooManyAttempts(cooldown.retryAfterSeconds);
  await rateLimiter.consume(`code-send:ip:${input.ip}`, CODE_LIMITS.sendPerIp);
  await rateLimiter.consume(`code-send:phone:${input.recipient}`, CODE_LIMITS.sendPerPhone);
}

/** When a code sent now expires, and when the next one may be asked for. */
export function codeTimes(clock: Clock) {
  const now = clock.now().getTime();
  return {
    codeExpiresAt: new Date(now + VERIFICATION_CODE_TTL_S * 1000).toISOString(),
    resendAvailableAt: new Date(now + VERIFICATION_CODE_RESEND_COOLDOWN_S * 1000).toISOString(),
  };
}

/** Stores and texts a code, with no limits of its own (see assertMaySendCode). */
export async function issueVerificationCode(deps: CodeDeps, input: SendCodeInput) {
  const { db, clock } = deps;
  const now = clock.now();
  await db
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );

  const id = randomUUID();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_S * 1000);
  await db.insert(verificationCodes).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    recipient: input.recipient,
    codeHash: hashCode(id, code),
    sentAt: now,
    expiresAt,
    payload: input.payload ?? null,
  });
  try {
    await deps.sms.send(input.recipient, verificationSms(input.locale, code));
  } catch (error) {
    deps.log.error({ err: error }, 'sending a verification code failed');
    await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    throw new AppError('PHONE_VERIFICATION_FAILED', 'The code could not be sent; try again later');
  }
  return codeTimes(clock);
}

/**
 * Checks a code against the user's latest one for `purpose` and uses it up. Wrong codes
 * count; the fifth wrong one retires the code. With `recipient`, a code sent to another
 * number counts as wrong.
 */
export async function verifyCode(
  deps: Pick<CodeDeps, 'db' | 'clock' | 'rateLimiter'>,
  input: { userId: string; purpose: VerificationPurpose; code: string; ip: string; recipient?: string },
  limitKey = `user:${input.userId}`,
) {
  const { db, clock } = deps;
  await assertMayCheckCode(deps, { ip: input.ip, limitKey });

  const now = clock.now();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.sentAt))
    .limit(1);
  if (!row) throw new AppError('INVALID_VERIFICATION_CODE', 'Invalid verification code');
  if (row.expiresAt <= now) throw new AppError('VERIFICATION_CODE_EXPIRED', 'Verification code expired');
  if (row.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) {
    throw new AppError('VERIFICATION_CODE_EXPIRED', 'Too many wrong codes; ask for a new one', {
      reason: 'attempts_exhausted',
    });
  }

  const matches = sameHash(hashCode(row.id, input.code), row.codeHash);
  if (!matches || (input.recipient !== undefined && input.recipient !== row.recipient)) {
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: verificationCodes.attempts });
    const attemptsLeft = Math.max(0, VERIFICATION_CODE_MAX_ATTEMPTS - (counted?.attempts ?? row.attempts + 1));
    throw new AppError('INVALID_VERIFICATION_CODE', 'Invalid verification code', { attemptsLeft });
  }

  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  // Someone else used it in the meantime.
  if (!consumed) throw new AppError('INVALID_VERIFICATION_CODE', 'Invalid verification code');
  return row;
}

/** The limits of checking codes: per address, and per `limitKey` (the account, or the number). */
export async function assertMayCheckCode(
  deps: Pick<CodeDeps, 'rateLimiter'>,
  input: { ip: string; limitKey: string },
): Promise<void> {
  await deps.rateLimiter.consume(`code-check:ip:${input.ip}`, CODE_LIMITS.checkPerIp);
  await deps.rateLimiter.consume(`code-check:${input.limitKey}`, CODE_LIMITS.checkPerUser);
}

/** A one-time token proving a confirmed code, for the next step (set password, reset password). */
export async function issueGrant(db: Db, clock: Clock, codeId: string) {
  const token = newToken();
  const expiresAt = new Date(clock.now().getTime() + VERIFICATION_GRANT_TTL_S * 1000);
  await db
    .update(verificationCodes)
    .set({ grantHash: hashToken(token), grantExpiresAt: expiresAt })
    .where(eq(verificationCodes.id, codeId));
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses up a grant of `issueGrant` and answers whose it is; VERIFICATION_FAILED when it is
 * unknown, used, expired or (given `userId`) someone else's.
 */
export async function consumeGrant(
  db: Db,
  clock: Clock,
  input: { userId?: string; purpose: VerificationPurpose; token: string },
): Promise<{ userId: string }> {
  const now = clock.now();
  const [row] = await db
    .update(verificationCodes)
    .set({ grantUsedAt: now })
    .where(
      and(
        eq(verificationCodes.grantHash, hashToken(input.token)),
        input.userId === undefined ? undefined : eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.grantUsedAt),
        gt(verificationCodes.grantExpiresAt, now),
      ),
    )
    .returning({ userId: verificationCodes.userId });
  if (!row) {
    throw new AppError('VERIFICATION_FAILED', 'The confirmation has expired or was already used; start again');
  }
  return row;
}
