import type { SupportContact } from '@marco/contract/support';
import type { AppDeps } from '../../app-deps.js';
import { supportMessages } from '../../db/schema/index.js';

/** Per caller address: enough for a real conversation, too few to flood the staff inbox. */
export const SUPPORT_CONTACT_LIMIT = { limit: 5, windowSeconds: 3600 };

export interface SupportSender {
  userId: string | null;
  locale: string;
  ip: string;
}

/**
 * Stores a contact-form message and mails it to staff (SUPPORT_EMAIL). The row is written
 * first, so a failing mail leaves a record; the failure still reaches the sender, who can
 * try again, rather than a success the staff never saw.
 */
export async function sendSupportMessage(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'mailer' | 'config'>,
  input: SupportContact & SupportSender,
): Promise<{ id: string }> {
  await deps.rateLimiter.consume(`support-contact:ip:${input.ip}`, SUPPORT_CONTACT_LIMIT);
  const [row] = await deps.db
    .insert(supportMessages)
    .values({
      userId: input.userId,
      topic: input.topic,
      message: input.message,
      email: input.email,
      page: input.page || null,
      locale: input.locale,
    })
    .returning({ id: supportMessages.id, createdAt: supportMessages.createdAt });
  if (!row) throw new Error('support message insert returned no row');

  await deps.mailer.send({
    to: deps.config.SUPPORT_EMAIL,
    subject: `[Marco support] ${input.topic}: message from ${input.email}`,
    text: [
      `Topic: ${input.topic}`,
      `From: ${input.email}${input.userId ? ` (member ${input.userId})` : ' (visitor)'}`,
      `Language: ${input.locale}`,
      `Page: ${input.page || '-'}`,
      `Received: ${row.createdAt.toISOString()}`,
      `Reference: ${row.id}`,
      '',
      input.message,
      '',
      `Reply to ${input.email}.`,
    ].join('\n'),
  });
  return { id: row.id };
}
