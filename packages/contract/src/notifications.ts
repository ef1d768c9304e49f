import { z } from 'zod';
import { IdSchema } from './common.js';
import { CursorSchema } from './messaging.js';

/**
 * What an in-app notification is about. Each kind names the notification preference (spec
 * §3: ads, messages, app updates) that governs its e-mail and SMS copies; `null` means a
 * transactional notice the user always receives (a reservation changed, for example).
 */
export const NOTIFICATION_KINDS = {
  'message.received': 'messages',
  // Reservations (issue 6): payload `{ reservationId, status, startsAt, guideName, touristName }`
  // (`amountMinor`, `currency` for paid and refunded). Changes of a reservation always reach
  // the user; the invitation to rate follows the app-updates preference.
  'reservation.requested': null,
  'reservation.approved': null,
  'reservation.rejected': null,
  'reservation.paid': null,
  'reservation.cancelled': null,
  'reservation.refunded': null,
  'reservation.expired': null,
  'reservation.reminder': null,
  'reservation.please_rate': 'appUpdates',
} as const satisfies Record<string, 'ads' | 'messages' | 'appUpdates' | null>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS | (string & {});

export const NOTIFICATION_PAGE_MAX = 50;

export const NotificationSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  /** Kind-specific data, e.g. `{ conversationId, senderName, preview, count }` for message.received. */
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** `GET notification-public/get-notifications`: newest first. */
export const GetNotificationsQuerySchema = z.object({
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type GetNotificationsQuery = z.input<typeof GetNotificationsQuerySchema>;

export const NotificationListSchema = z.object({
  data: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** `PUT notification-public/mark-as-read`: the caller's notifications with these ids (others' are ignored). */
export const MarkNotificationsAsReadSchema = z.object({ ids: z.array(IdSchema).min(1).max(100) });

export const NotificationUnreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type NotificationUnreadCount = z.infer<typeof NotificationUnreadCountSchema>;
