import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type SecondFactorStatus,
  staffRolesOf,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  type TotpEnrolment,
  type VerifySecondFactor,
} from '@marco/contract/staff';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { staffRecoveryCodes, staffSessionFactors, staffTotp, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import { AppError } from '../../platform/errors.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'rateLimiter'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const TOTP_ISSUER = 'Marco';
/** Wrong codes a staff member may enter per window before waiting (a 6-digit code is guessable otherwise). */
export const SECOND_FACTOR_LIMIT = { limit: 5, windowSeconds: 300 } as const;
// One time step either side: a phone clock a little off, or a code typed as it turned over.
const WINDOW = 1;
// 32 letters without 0, 1, l and o, which read alike: 10 of them hold 50 bits.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code belongs to, or null when it matches none within the window. */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

export const newRecoveryCode = (): string => {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
};
/** Codes are compared as typed without spaces, dashes or capitals (the contract normalises them so). */
const hashRecoveryCode = (code: string) => hashToken(`recovery:${code.replace(/[\s-]+/g, '').toLowerCase()}`);

async function findTotp(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
  return row ?? null;
}

export async function getSecondFactorStatus(db: Db, user: AuthUser): Promise<SecondFactorStatus> {
  const [totp, [left]] = await Promise.all([
    findTotp(db, user.id),
    db
      .select({ value: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, user.id), isNull(staffRecoveryCodes.usedAt))),
  ]);
  return {
    roles: staffRolesOf(user.roles),
    enrolled: Boolean(totp?.confirmedAt),
    verified: Boolean(user.secondFactor),
    recoveryCodesLeft: left?.value ?? 0,
  };
}

/**
 * First sign-in of a staff member: a new secret, pending until its first code confirms it.
 * Starting again replaces a pending secret; a confirmed one stays (409): only an admin's
 * reset removes it, so a stolen password cannot enrol a second authenticator.
 */
export async function startTotpEnrolment(deps: Deps, user: AuthUser): Promise<TotpEnrolment> {
  const existing = await findTotp(deps.db, user.id);
  if (existing?.confirmedAt) throw new AppError('INVALID_STATE', 'An authenticator is already set up for this account');
  const [person] = await deps.db
    .select({ phoneNumber: users.phoneNumber, userName: users.userName })
    .from(users)
    .where(eq(users.id, user.id));
  const secret = new Secret({ size: 20 }).base32;
  const now = deps.clock.now();
  await deps.db
    .insert(staffTotp)
    .values({ userId: user.id, secret, createdAt: now })
    .onConflictDoUpdate({
      target: staffTotp.userId,
      set: { secret, createdAt: now, lastUsedStep: null },
      setWhere: isNull(staffTotp.confirmedAt),
    });
  const otpauthUri = totpOf(secret, person?.phoneNumber ?? person?.userName ?? user.id).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

const markSessionVerified = (tx: Tx, sessionId: string, method: 'totp' | 'recovery_code', now: Date) =>
  tx
    .insert(staffSessionFactors)
    .values({ sessionId, method, verifiedAt: now })
    .onConflictDoUpdate({ target: staffSessionFactors.sessionId, set: { method, verifiedAt: now } });

const wrongCode = () => new AppError('INVALID_VERIFICATION_CODE', 'Invalid verification code');

/**
 * Uses the time step of a code once: a code seen before (by this or another request) is
 * refused, so an observed code cannot be replayed within its 90 seconds.
 */
async function consumeTotpStep(tx: Tx, userId: string, step: number, confirm: boolean, now: Date) {
  const [row] = await tx
    .update(staffTotp)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(staffTotp.userId, userId),
        confirm ? isNull(staffTotp.confirmedAt) : isNotNull(staffTotp.confirmedAt),
        or(isNull(staffTotp.lastUsedStep), lt(staffTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: staffTotp.userId });
  return Boolean(row);
}

/** The first code confirms the pending secret, makes ten recovery codes and opens this session to staff routes. */
export async function confirmTotpEnrolment(deps: Deps, user: AuthUser, code: string): Promise<RecoveryCodes> {
  await deps.rateLimiter.consume(`staff-2fa:${user.id}`, SECOND_FACTOR_LIMIT);
  const pending = await findTotp(deps.db, user.id);
  if (!pending) throw new AppError('INVALID_STATE', 'Start setting up an authenticator first');
  if (pending.confirmedAt) throw new AppError('INVALID_STATE', 'An authenticator is already set up for this account');
  const now = deps.clock.now();
  const step = matchTotpStep(pending.secret, code, now);
  if (step === null) throw wrongCode();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    if (!(await consumeTotpStep(tx, user.id, step, true, now))) throw wrongCode();
    await markSessionVerified(tx, user.sessionId, 'totp', now);
    return replaceRecoveryCodes(tx, user.id, now);
  });
  await deps.rateLimiter.clear(`staff-2fa:${user.id}`);
  return { recoveryCodes };
}

/** A code from the authenticator, or a recovery code (used up by it), opens this session to staff routes. */
export async function verifySecondFactor(deps: Deps, user: AuthUser, input: VerifySecondFactor): Promise<void> {
  await deps.rateLimiter.consume(`staff-2fa:${user.id}`, SECOND_FACTOR_LIMIT);
  const totp = await findTotp(deps.db, user.id);
  if (!totp?.confirmedAt) throw new AppError('INVALID_STATE', 'Set up an authenticator first');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if ('code' in input) {
      const step = matchTotpStep(totp.secret, input.code, now);
      if (step === null || !(await consumeTotpStep(tx, user.id, step, false, now))) throw wrongCode();
      await markSessionVerified(tx, user.sessionId, 'totp', now);
      return;
    }
    const [used] = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.userId, user.id),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(input.recoveryCode)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (!used) throw wrongCode();
    await markSessionVerified(tx, user.sessionId, 'recovery_code', now);
  });
  await deps.rateLimiter.clear(`staff-2fa:${user.id}`);
}

/** Ten new recovery codes in place of the old ones, for a verified session that shows a current code. */
export async function regenerateRecoveryCodes(deps: Deps, user: AuthUser, code: string): Promise<RecoveryCodes> {
  await deps.rateLimiter.consume(`staff-2fa:${user.id}`, SECOND_FACTOR_LIMIT);
  const totp = await findTotp(deps.db, user.id);
  if (!totp?.confirmedAt) throw new AppError('INVALID_STATE', 'Set up an authenticator first');
  const now = deps.clock.now();
  const step = matchTotpStep(totp.secret, code, now);
  if (step === null) throw wrongCode();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    if (!(await consumeTotpStep(tx, user.id, step, false, now))) throw wrongCode();
    return replaceRecoveryCodes(tx, user.id, now);
  });
  await deps.rateLimiter.clear(`staff-2fa:${user.id}`);
  return { recoveryCodes };
}

/**
 * Removes a staff member's authenticator and recovery codes and closes the second factor
 * of their sessions (admin, for a lost phone): their next sign-in enrols again.
 */
export async function removeSecondFactor(tx: Tx, userId: string): Promise<{ enrolled: boolean }> {
  const [removed] = await tx
    .delete(staffTotp)
    .where(eq(staffTotp.userId, userId))
    .returning({ confirmedAt: staffTotp.confirmedAt });
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.execute(
    sql`delete from staff_session_factors where session_id in (select id from sessions where user_id = ${userId})`,
  );
  return { enrolled: Boolean(removed?.confirmedAt) };
}

/**
 * A confirmed authenticator with a given secret, for the demo staff account (its secret is
 * published in the README) and for tests: never for a real account.
 */
export async function setConfirmedTotpSecret(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(staffTotp)
    .values({ userId, secret, createdAt: now, confirmedAt: now })
    .onConflictDoUpdate({ target: staffTotp.userId, set: { secret, confirmedAt: now, lastUsedStep: null } });
}
