import type { MyProfile } from '@marco/contract/accounts';
import {
  EMAIL_CONFIRMATION_PARAM,
  EMAIL_CONFIRMATION_TTL_S,
  type EmailConfirmationSent,
} from '@marco/contract/email-confirmation';
import type { Locale } from '@marco/contract/locales';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { emailConfirmations, users } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto/tokens.js';
import { AppError } from '../../platform/errors.js';
import { getUserOrThrow } from '../auth/users.js';
import { emailConfirmationMail } from './email-confirmation-mails.js';
import { toMyProfile } from './profile.js';

type ConfirmationDeps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'rateLimiter'>;

/** At most this many confirmation e-mails per user and hour, so the feature cannot spam an inbox. */
const SEND_LIMIT = { limit: 5, windowSeconds: 3600 };
const sendKey = (userId: string) => `email-confirmation:user:${userId}`;

const invalidLink = () => new AppError('VERIFICATION_FAILED', 'This confirmation link is not valid');

async function mailConfirmationLink(
  deps: ConfirmationDeps,
  user: { id: string; email: string; name: string | null },
  locale: Locale,
): Promise<EmailConfirmationSent> {
  const token = newToken();
  const sentAt = deps.clock.now();
  const expiresAt = new Date(sentAt.getTime() + EMAIL_CONFIRMATION_TTL_S * 1000);
  await deps.db
    .insert(emailConfirmations)
    .values({ userId: user.id, email: user.email, tokenHash: hashToken(token), sentAt, expiresAt });
  // The settings page of the user's language confirms the link (web route /settings).
  const link = `${deps.config.PUBLIC_URL}/${locale}/settings?${EMAIL_CONFIRMATION_PARAM}=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...emailConfirmationMail(locale, { name: user.name, link }) });
  return { email: user.email, expiresAt: expiresAt.toISOString() };
}

/** "Resend confirmation": a new link to the user's unconfirmed address; earlier links keep working until they expire. */
export async function sendEmailConfirmation(
  deps: ConfirmationDeps,
  input: { userId: string; locale: Locale },
): Promise<EmailConfirmationSent> {
  const user = await getUserOrThrow(deps.db, input.userId);
  if (!user.email) throw new AppError('INVALID_STATE', 'There is no e-mail address to confirm');
  if (user.emailConfirmed) throw new AppError('INVALID_STATE', 'This e-mail address is already confirmed');
  await deps.rateLimiter.consume(sendKey(user.id), SEND_LIMIT);
  return mailConfirmationLink(deps, { id: user.id, email: user.email, name: user.name }, input.locale);
}

/**
 * Runs a profile update and, when it changed the e-mail address, retires the links sent to
 * the old one and mails a link for the new one. The update stands even if the mail cannot
 * go out: the user can ask for it again.
 */
export async function withEmailConfirmation(
  deps: ConfirmationDeps & { log: FastifyBaseLogger },
  input: { userId: string; locale: Locale },
  update: () => Promise<MyProfile>,
): Promise<MyProfile> {
  const before = await getUserOrThrow(deps.db, input.userId);
  const profile = await update();
  const changed = (profile.email ?? '').toLowerCase() !== (before.email ?? '').toLowerCase();
  if (!changed) return profile;

  await deps.db
    .delete(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, input.userId), isNull(emailConfirmations.usedAt)));
  if (!profile.email || profile.emailConfirmed) return profile;
  const { allowed } = await deps.rateLimiter.hit(sendKey(input.userId), SEND_LIMIT);
  if (!allowed) return profile;
  try {
    await mailConfirmationLink(deps, { id: profile.id, email: profile.email, name: profile.name }, input.locale);
  } catch (error) {
    deps.log.error({ err: error }, 'e-mail confirmation could not be sent');
  }
  return profile;
}

/**
 * Confirms the signed-in user's address with the token of a link sent to it: once, within
 * 24 hours, and only for the address it was sent to. Another user's link is refused like
 * an unknown one and stays usable by its owner.
 */
export async function confirmEmail(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { userId: string; token: string },
): Promise<MyProfile> {
  const { db, clock } = deps;
  const now = clock.now();
  const [link] = await db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, hashToken(input.token)));
  if (!link || link.userId !== input.userId || link.usedAt) throw invalidLink();
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('VERIFICATION_CODE_EXPIRED', 'This confirmation link has expired');
  }
  const user = await getUserOrThrow(db, input.userId);
  if (user.email?.toLowerCase() !== link.email.toLowerCase()) throw invalidLink();

  return db.transaction(async (tx) => {
    // The one use: of two concurrent confirmations only one marks the link used.
    const [used] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.id, link.id), isNull(emailConfirmations.usedAt)))
      .returning({ id: emailConfirmations.id });
    if (!used) throw invalidLink();
    const [updated] = await tx
      .update(users)
      .set({ emailConfirmed: true, updatedAt: now })
      .where(
        and(
          eq(users.id, input.userId),
          eq(sql`lower(${users.email})`, link.email.toLowerCase()),
          isNull(users.deletedAt),
        ),
      )
      .returning();
    if (!updated) throw invalidLink();
    // The address is confirmed: the other links sent to it have nothing left to do.
    await tx
      .delete(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, input.userId), isNull(emailConfirmations.usedAt)));
    return toMyProfile(updated);
  });
}
