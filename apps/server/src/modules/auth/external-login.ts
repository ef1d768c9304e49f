import type { ExternalProvider } from '@marco/contract/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { externalLogins, users } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { fieldError } from '../../platform/errors.js';
import { verifyExternalToken } from './providers.js';
import { consentColumns, generateUserName } from './users.js';

export interface ExternalLoginInput {
  provider: ExternalProvider;
  token: string;
  userData?: { name?: string; surname?: string; email?: string };
  extraProperties?: { termsConsent?: boolean; privacyConsent?: boolean };
}

async function findLinkedUser(deps: Pick<AppDeps, 'db'>, provider: ExternalProvider, subject: string) {
  const [row] = await deps.db
    .select({ userId: externalLogins.userId })
    .from(externalLogins)
    .innerJoin(users, eq(users.id, externalLogins.userId))
    .where(
      and(eq(externalLogins.provider, provider), eq(externalLogins.providerUserId, subject), isNull(users.deletedAt)),
    );
  return row?.userId ?? null;
}

/**
 * Social sign-in: verifies the provider's token for real, then signs in the linked account,
 * or links the account whose confirmed e-mail the provider vouches for, or creates one
 * (`isExternal`, consents required).
 */
export async function signInWithExternalProvider(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: ExternalLoginInput,
): Promise<{ userId: string; isNewUser: boolean }> {
  const { db, clock } = deps;
  const identity = await verifyExternalToken(deps.config, clock, input.provider, input.token);

  const linked = await findLinkedUser(deps, identity.provider, identity.subject);
  if (linked) return { userId: linked, isNewUser: false };

  const link = (userId: string) =>
    db
      .insert(externalLogins)
      .values({ provider: identity.provider, providerUserId: identity.subject, userId })
      .onConflictDoNothing();

  if (identity.email && identity.emailVerified) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, identity.email.toLowerCase()),
          eq(users.emailConfirmed, true),
          isNull(users.deletedAt),
        ),
      );
    if (owner) {
      await link(owner.id);
      return {
        userId: (await findLinkedUser(deps, identity.provider, identity.subject)) ?? owner.id,
        isNewUser: false,
      };
    }
  }

  if (!input.extraProperties?.termsConsent) {
    throw fieldError('VALIDATION_FAILED', 'body.extraProperties.termsConsent', 'Terms of Use must be accepted');
  }
  if (!input.extraProperties.privacyConsent) {
    throw fieldError('VALIDATION_FAILED', 'body.extraProperties.privacyConsent', 'Privacy Policy must be accepted');
  }

  const email = identity.email ?? input.userData?.email ?? null;
  const emailVerified = Boolean(identity.email && identity.emailVerified);
  const [emailOwner] = email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    : [];
  try {
    const userId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          userName: generateUserName(),
          isExternal: true,
          name: input.userData?.name ?? identity.name,
          surname: input.userData?.surname ?? identity.surname,
          // An address someone else already uses stays theirs.
          email: emailOwner ? null : email,
          emailConfirmed: emailOwner ? false : emailVerified,
          ...consentColumns(clock.now()),
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned no row');
      await tx
        .insert(externalLogins)
        .values({ provider: identity.provider, providerUserId: identity.subject, userId: created.id });
      return created.id;
    });
    return { userId, isNewUser: true };
  } catch (error) {
    // The same provider account signed in twice at once: the other call created it.
    const winner =
      violatedUniqueConstraint(error) !== null ? await findLinkedUser(deps, identity.provider, identity.subject) : null;
    if (winner) return { userId: winner, isNewUser: false };
    throw error;
  }
}
