import type { Locale } from '@marco/contract/locales';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newsletterSubscriptions } from '../../db/schema/index.js';
import { violatedUniqueConstraint } from '../../db/sql-errors.js';
import { hashToken, newToken } from '../../platform/crypto/tokens.js';
import type { Mailer } from '../../platform/mail/index.js';
import { newsletterMail } from './mails.js';

/**
 * Double opt-in: a new or unconfirmed address gets a confirmation link; a confirmed one is
 * left as it is, so subscribing twice is harmless.
 */
export async function subscribeToNewsletter(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  input: { email: string; locale: Locale },
): Promise<'pending' | 'subscribed'> {
  const email = input.email.trim();
  const [existing] = await deps.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()));
  if (existing?.status === 'subscribed') return 'subscribed';

  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const values = {
    email,
    locale: input.locale,
    status: 'pending',
    confirmTokenHash: hashToken(confirmToken),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
    unsubscribedAt: null,
  };
  if (existing) {
    await deps.db.update(newsletterSubscriptions).set(values).where(eq(newsletterSubscriptions.id, existing.id));
  } else {
    try {
      await deps.db.insert(newsletterSubscriptions).values(values);
    } catch (error) {
      // The same address subscribed at the same moment (a double click): the first row stands,
      // and this one goes again and finds it, like a second subscription.
      if (violatedUniqueConstraint(error) !== 'newsletter_subscriptions_email') throw error;
      return subscribeToNewsletter(deps, input);
    }
  }
  const link = (action: string, token: string) =>
    `${deps.publicUrl}/api/app/newsletter-public/${action}?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: email,
    ...newsletterMail(input.locale, link('confirm', confirmToken), link('unsubscribe', unsubscribeToken)),
  });
  return 'pending';
}

/** Confirms the address whose link this is; answers its locale, or null for an unknown link. */
export async function confirmNewsletter(db: Db, token: string): Promise<Locale | null> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'subscribed', confirmedAt: new Date(), confirmTokenHash: null })
    .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)))
    .returning({ locale: newsletterSubscriptions.locale });
  return (row?.locale as Locale | undefined) ?? null;
}

export async function unsubscribeFromNewsletter(db: Db, token: string): Promise<Locale | null> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null })
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token)))
    .returning({ locale: newsletterSubscriptions.locale });
  return (row?.locale as Locale | undefined) ?? null;
}
