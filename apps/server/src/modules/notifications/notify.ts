import { NOTIFICATION_KINDS, type NotificationKind } from '@marco/contract/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { notifications } from '../../db/schema/index.js';
import type { MailAttachment } from '../../platform/mail/index.js';
import { publishToUsers } from '../../platform/pubsub/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { findUserById } from '../auth/users.js';

export type NotifyDeps = Pick<AppDeps, 'db' | 'clock' | 'pubsub' | 'mailer' | 'sms'>;
type Preference = 'ads' | 'messages' | 'appUpdates';

export interface NotifyOptions {
  /** The e-mail copy; sent when the user has an e-mail address (and the preference allows). */
  email?: { subject: string; text: string; attachments?: MailAttachment[] };
  /** The SMS copy; sent instead of the e-mail when the user has no e-mail address. */
  sms?: { text: string };
  /**
   * While unread, a notification with the same key is updated instead of added (a burst of
   * chat messages is one notification). Reading it starts a new one.
   */
  groupKey?: string;
  /**
   * The preference that governs the e-mail and SMS copies; defaults to the kind's entry in
   * NOTIFICATION_KINDS, and `null` (transactional) when the kind is not listed there.
   */
  preference?: Preference | null;
}

export interface NotifyResult {
  notificationId: string;
  /** Which outside channel carried a copy, if any. */
  sentVia: 'email' | 'sms' | null;
}

const preferenceOf = (kind: string): Preference | null =>
  (NOTIFICATION_KINDS as Record<string, Preference | null>)[kind] ?? null;

/**
 * Notifies a user: an in-app notification (pushed to their open sockets as
 * `notification.created`), plus an e-mail — or an SMS when they have no e-mail address —
 * when the caller gives those copies and the user's notification preference allows them.
 */
export async function notify(
  deps: NotifyDeps,
  userId: string,
  kind: NotificationKind,
  payload: Record<string, unknown>,
  options: NotifyOptions = {},
): Promise<NotifyResult> {
  const now = deps.clock.now();
  const values = { id: uuidv7(now), userId, kind, payload, groupKey: options.groupKey ?? null, createdAt: now };
  const [row] = options.groupKey
    ? await deps.db
        .insert(notifications)
        .values(values)
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.groupKey],
          targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
          set: { kind, payload, createdAt: now },
        })
        .returning({ id: notifications.id })
    : await deps.db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned no row');
  await publishToUsers(deps.pubsub, [userId], { type: 'notification.created', notificationId: row.id, kind });

  let sentVia: NotifyResult['sentVia'] = null;
  if (options.email || options.sms) {
    const user = await findUserById(deps.db, userId);
    const preference = options.preference === undefined ? preferenceOf(kind) : options.preference;
    const allowed =
      preference === null ||
      (preference === 'ads' && user?.notifyAds) ||
      (preference === 'messages' && user?.notifyMessages) ||
      (preference === 'appUpdates' && user?.notifyAppUpdates);
    if (!user || !allowed) {
      // A deleted account, or a user who turned these off: in-app only.
    } else if (options.email && user.email) {
      const { subject, text, attachments } = options.email;
      await deps.mailer.send({ to: user.email, subject, text, ...(attachments?.length ? { attachments } : {}) });
      sentVia = 'email';
    } else if (options.sms && user.phoneNumber) {
      await deps.sms.send(user.phoneNumber, options.sms.text);
      sentVia = 'sms';
    }
  }
  return { notificationId: row.id, sentVia };
}

/** Marks the user's unread notifications of a group as read (e.g. the conversation was read). */
export async function markNotificationGroupAsRead(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  groupKey: string,
): Promise<void> {
  await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)));
}
