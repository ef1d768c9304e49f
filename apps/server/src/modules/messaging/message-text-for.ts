import type { Db } from '../../db/client.js';
import { listPaidPartners } from '../reservations/paid-partners.js';
import { type MaskedText, maskContactDetails } from './contact-details.js';

interface Written {
  senderId: string;
  /** Null once deleted. */
  text: string | null;
}

/**
 * What `readerId` reads of messages: each as written, except that contact details written
 * by the other person are masked until the two have a paid reservation (issue 19, item 6).
 * Masking is looked for first, so the database is asked only when a message holds contact
 * details, and then once for all of them.
 */
export async function messageTextsFor(
  db: Db,
  readerId: string,
  items: Written[],
): Promise<Array<{ text: string | null; isMasked: boolean }>> {
  const masked = items.map((item) =>
    item.senderId === readerId || item.text === null ? null : maskContactDetails(item.text),
  );
  const senders = items.filter((_, index) => masked[index]?.isMasked).map((item) => item.senderId);
  const paid = senders.length > 0 ? await listPaidPartners(db, readerId, senders) : new Set<string>();
  return items.map((item, index) => {
    const mask = masked[index];
    return mask?.isMasked && !paid.has(item.senderId) ? mask : { text: item.text, isMasked: false };
  });
}

/**
 * What `readerId` reads of one message: for every copy of a message that reaches the other
 * person outside the conversation (notification previews, e-mail, SMS, push).
 */
export async function messageTextFor(db: Db, readerId: string, message: { senderId: string; text: string }) {
  const [read] = await messageTextsFor(db, readerId, [message]);
  return { text: read?.text ?? message.text, isMasked: read?.isMasked ?? false } satisfies MaskedText;
}
