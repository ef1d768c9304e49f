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
  // Disputes (issue 18 item 3): payload `{ disputeId, reservationId, status, resolution }`.
  'dispute.opened': null,
  'dispute.resolved': null,
  // Moderation (issue 18 item 5): a staff warning for a reported item; payload `{ itemId }`.
  'account.warned': null,
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

// ---------------------------------------------------------------------------------------
// Web Push (issue 19), under /api/app/push-notification-public/: every call reads or
// changes the caller's own subscriptions and preferences.
// ---------------------------------------------------------------------------------------

/** The notifications a browser can be sent as a push; each can be turned off in settings. */
export const PUSH_KINDS = [
  'reservation.requested',
  'reservation.approved',
  'reservation.rejected',
  'reservation.paid',
  'reservation.cancelled',
  'reservation.reminder',
  'message.received',
] as const;
export const PushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof PushKindSchema>;

// base64url without padding: a P-256 public key is 65 bytes (87 characters), the auth secret 16 (22).
const base64Url = (characters: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url')
    .refine((value) => value.replace(/=+$/, '').length === characters, `Expected ${characters} base64url characters`);

/** What the browser's `PushSubscription.toJSON()` gives. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64Url(87), auth: base64Url(22) }),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInputSchema>;

export const PushEndpointSchema = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });

/** Per push event: on (true) or turned off. */
export const PushPreferencesSchema = z.record(PushKindSchema, z.boolean());
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

export const UpdatePushPreferencesSchema = z.partialRecord(PushKindSchema, z.boolean());
export type UpdatePushPreferences = z.infer<typeof UpdatePushPreferencesSchema>;

export const PushSettingsSchema = z.object({
  /** The server's VAPID public key (base64url) for `pushManager.subscribe`; null: this server sends no push. */
  publicKey: z.string().nullable(),
  preferences: PushPreferencesSchema,
  /** The endpoints of the caller's browsers that receive push (a page tells whether its own is among them). */
  endpoints: z.array(z.string()),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** The payload a push carries, read by the service worker (public/sw.js). */
export const PushPayloadSchema = z.object({
  kind: PushKindSchema,
  title: z.string(),
  body: z.string(),
  /** The page to open, a path with the locale (`/de/reservations/…`). */
  url: z.string(),
  /** Pushes with the same tag replace each other (one per conversation or reservation). */
  tag: z.string(),
  /** A message's conversation: the worker shows nothing while that conversation is on screen. */
  conversationId: z.string().optional(),
  locale: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
