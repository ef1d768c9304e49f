import { z } from 'zod';
import { IdSchema } from './common.js';
import {
  CONVERSATION_LIST_PAGE_DEFAULT,
  CONVERSATION_LIST_PAGE_MAX,
  CONVERSATION_PAGE_DEFAULT,
  CONVERSATION_PAGE_MAX,
  MESSAGE_TEXT_MAX,
} from './messaging-limits.js';
import { keyField, nameField, textField } from './text.js';
import { WrittenLanguageSchema } from './written-language.js';

// ---------------------------------------------------------------------------------------
// Business constants (issue 7)
// ---------------------------------------------------------------------------------------

// The limits and the socket path have no zod, so the web shell can import them without it.
export * from './messaging-limits.js';

export const MessageTextSchema = textField({ multiline: true, error: 'Message text is required' })
  .min(1, 'Message text is required')
  .max(MESSAGE_TEXT_MAX, `Message text is at most ${MESSAGE_TEXT_MAX} characters`);

/** An opaque paging cursor answered by a previous page. */
export const CursorSchema = keyField().min(1).max(200);

// ---------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------

export const MessageSchema = z.object({
  id: IdSchema,
  conversationId: IdSchema,
  senderId: IdSchema,
  /** Plain text (never HTML); null once the author deleted the message. */
  text: z.string().nullable(),
  /** Language the text was written in; null when not known. */
  language: WrittenLanguageSchema,
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
  /**
   * True when contact details (phone numbers, e-mail addresses, messaging handles or links)
   * in the text are masked for the caller, as they are until the two have a paid
   * reservation; absent otherwise. The sender always reads what they wrote.
   */
  contactMasked: z.boolean().optional(),
  /** Echo of the sender's `clientMessageId`, so an optimistic copy can be matched; only on the send answer and its event. */
  clientMessageId: z.string().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** The person on the other side of a conversation. */
export const ParticipantSchema = z.object({
  userId: IdSchema,
  /** First name and surname; null when the account was deleted. */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  online: z.boolean(),
  /** Up to when they have read the conversation: messages sent at or before it show as read. */
  lastReadAt: z.iso.datetime().nullable(),
  isDeleted: z.boolean(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const LastMessageSchema = MessageSchema.pick({
  id: true,
  senderId: true,
  text: true,
  language: true,
  isDeleted: true,
  createdAt: true,
  contactMasked: true,
});

/** One row of the conversation list (spec §3 "conversation": participants, messages, title, online status). */
export const ConversationSummarySchema = z.object({
  id: IdSchema,
  /** The other participant's name. */
  title: z.string().nullable(),
  participant: ParticipantSchema,
  lastMessage: LastMessageSchema.nullable(),
  unreadCount: z.number().int().min(0),
  lastMessageAt: z.iso.datetime().nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

// ---------------------------------------------------------------------------------------
// Calls: chat-conversation-public (spec §7)
// ---------------------------------------------------------------------------------------

/**
 * `POST send-message`: to an existing conversation (`conversationId`) or to a person
 * (`recipientUserId`: opens the conversation with them, creating it on first contact).
 */
export const SendMessageSchema = z
  .object({
    conversationId: IdSchema.optional(),
    recipientUserId: IdSchema.optional(),
    text: MessageTextSchema,
    /**
     * Any id the client made up for its optimistic copy; echoed back, and stored with the
     * message: sent again with the same id (after a lost answer), the message stored the first
     * time answers and nothing is stored or told twice. Unique per sender.
     */
    clientMessageId: keyField().min(1).max(64).optional(),
  })
  .refine((body) => Boolean(body.conversationId) !== Boolean(body.recipientUserId), {
    message: 'Give either conversationId or recipientUserId',
    path: ['conversationId'],
  });
export type SendMessage = z.input<typeof SendMessageSchema>;

/** `GET get-conversation`: newest messages first; `cursor` from the previous page goes further back. */
export const GetConversationQuerySchema = z.object({
  id: IdSchema,
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_MAX).default(CONVERSATION_PAGE_DEFAULT),
});
export type GetConversationQuery = z.input<typeof GetConversationQuerySchema>;

export const ConversationSchema = z.object({
  id: IdSchema,
  title: z.string().nullable(),
  participant: ParticipantSchema,
  /** Newest first. */
  messages: z.array(MessageSchema),
  /** Cursor of the next (older) page; null at the beginning of the conversation. */
  nextCursor: z.string().nullable(),
  /** When the caller last read it. */
  lastReadAt: z.iso.datetime().nullable(),
  unreadCount: z.number().int().min(0),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** `GET get-conversations`: the caller's conversations, most recent first; `search` matches names and message text. */
export const GetConversationsQuerySchema = z.object({
  search: nameField().max(100).optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIST_PAGE_MAX).default(CONVERSATION_LIST_PAGE_DEFAULT),
});
export type GetConversationsQuery = z.input<typeof GetConversationsQuerySchema>;

export const ConversationListSchema = z.object({
  data: z.array(ConversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** `POST open-conversation`: the conversation with a person (created when new), without sending anything. */
export const OpenConversationSchema = z.object({ recipientUserId: IdSchema });
export const OpenedConversationSchema = z.object({ id: IdSchema });

/** `PUT mark-conversation-as-read` (body). */
export const MarkConversationAsReadSchema = z.object({ conversationId: IdSchema });
export const ConversationReadSchema = z.object({ conversationId: IdSchema, lastReadAt: z.iso.datetime() });
export type ConversationRead = z.infer<typeof ConversationReadSchema>;

/** `DELETE delete-message` and `delete-conversation` (query). */
export const IdQuerySchema = z.object({ id: IdSchema });

/** `GET get-unread-count`: what the header badge shows. */
export const UnreadCountSchema = z.object({
  unreadMessages: z.number().int().min(0),
  unreadConversations: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

// ---------------------------------------------------------------------------------------
// WebSocket events (`/api/ws`), JSON text frames
// ---------------------------------------------------------------------------------------

/** Server → client. Every event a user receives concerns them: their conversations, their partners' presence. */
export const ServerEventSchema = z.discriminatedUnion('type', [
  /** Sent once the socket is authenticated and subscribed: events from now on reach it. */
  z.object({ type: z.literal('ready'), userId: IdSchema }),
  z.object({ type: z.literal('message.created'), conversationId: IdSchema, message: MessageSchema }),
  z.object({ type: z.literal('message.deleted'), conversationId: IdSchema, message: MessageSchema }),
  z.object({
    type: z.literal('conversation.read'),
    conversationId: IdSchema,
    userId: IdSchema,
    lastReadAt: z.iso.datetime(),
  }),
  /** A conversation partner came online or went offline. */
  z.object({ type: z.literal('presence'), userId: IdSchema, online: z.boolean() }),
  z.object({ type: z.literal('typing'), conversationId: IdSchema, userId: IdSchema }),
  /** An in-app notification for the user (see notifications.ts). */
  z.object({ type: z.literal('notification.created'), notificationId: IdSchema, kind: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;

/** Client → server. */
export const ClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: IdSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;
