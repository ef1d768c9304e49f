import {
  type Conversation,
  type ConversationList,
  type ConversationRead,
  type ConversationSummary,
  MESSAGE_NOTIFICATION_COOLDOWN_MINUTES,
  type Message,
  type Participant,
  type UnreadCount,
} from '@marco/contract/messaging';
import DataLoader from 'dataloader';
import { and, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { conversationParticipants, conversations, messages, users } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { AppError, fieldError, isServiceUnavailable } from '../../platform/errors.js';
import { batchedPerTurn, onePer } from '../../platform/one-per.js';
import { publishToUsers } from '../../platform/pubsub/index.js';
import { tooManyAttempts } from '../../platform/rate-limit/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { findUserById } from '../auth/users.js';
import { renderNotice } from '../notifications/catalog.js';
import { localeOfUser } from '../notifications/locale.js';
import { markNotificationGroupAsRead, notify } from '../notifications/notify.js';
import { pushNewMessage } from '../notifications/push.js';
import { listPaidPartners } from '../reservations/paid-partners.js';
import { maskContactDetails } from './contact-details.js';
import { messageTextsFor } from './message-text-for.js';
import { messageWriterOf } from './message-writer.js';

export type MessagingDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'pubsub' | 'presence' | 'rateLimiter' | 'mailer' | 'sms' | 'push'
>;

// Someone else's conversation answers exactly like one that does not exist: no leaks.
const conversationNotFound = () => new AppError('NOT_FOUND', 'Conversation not found');
const messageNotFound = () => new AppError('NOT_FOUND', 'Message not found');

export const notificationGroup = (conversationId: string) => `conversation:${conversationId}`;

const other = alias(conversationParticipants, 'other_participant');

/** Who is online; nobody while presence cannot be read (Redis away), rather than failing the call. */
const onlineUsersOrNone = (deps: Pick<MessagingDeps, 'presence'>, userIds: string[]) =>
  deps.presence.onlineUsers(userIds).catch((error: unknown) => {
    if (isServiceUnavailable(error)) return new Set<string>();
    throw error;
  });

/**
 * Whether one user is online, asked together with the other questions of the same turn of
 * the event loop: the messages of one batch ask the presence store (a Redis round trip)
 * once between them.
 */
const presenceLoaderOf = onePer(
  (deps: Pick<MessagingDeps, 'presence'>) =>
    new DataLoader<string, boolean>(
      (userIds) =>
        onlineUsersOrNone(deps, [...userIds]).then(
          (online) => userIds.map((id) => online.has(id)),
          // Not a service outage (those answer "nobody online"): as if offline, the cooldown still limits sends.
          () => userIds.map(() => false),
        ),
      batchedPerTurn,
    ),
);
const isOnlineOrNot = (deps: Pick<MessagingDeps, 'presence'>, userId: string): Promise<boolean> =>
  presenceLoaderOf(deps).load(userId);

type MessageRow = typeof messages.$inferSelect;

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const isoOrNull = (value: Date | string | null | undefined) => (value ? toDate(value).toISOString() : null);

/** A message as its reader reads it (see messageTextsFor). */
function readBy<T extends { text: string | null }>(
  message: T,
  read: { text: string | null; isMasked: boolean } | undefined,
): T {
  return read?.isMasked ? { ...message, text: read.text, contactMasked: true } : message;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    text: row.deletedAt ? null : row.text,
    language: row.deletedAt ? null : row.language,
    isDeleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

interface PersonRow {
  id: string;
  name: string | null;
  surname: string | null;
  profilePictureKey: string | null;
  deletedAt: Date | string | null;
}

const displayName = (person: Pick<PersonRow, 'name' | 'surname' | 'deletedAt'>) =>
  person.deletedAt ? null : [person.name, person.surname].filter(Boolean).join(' ') || null;

function toParticipant(person: PersonRow, lastReadAt: Date | string | null, online: Set<string>): Participant {
  const isDeleted = person.deletedAt !== null;
  return {
    userId: person.id,
    name: displayName(person),
    avatarUrl: isDeleted ? null : profilePictureUrl(person.id, person.profilePictureKey),
    online: !isDeleted && online.has(person.id),
    lastReadAt: isoOrNull(lastReadAt),
    isDeleted,
  };
}

/** The caller's side of a conversation and who is on the other side; null when the caller is not in it. */
export async function findMembership(db: Db, conversationId: string, userId: string) {
  const [row] = await db
    .select({
      lastReadAt: conversationParticipants.lastReadAt,
      hiddenAt: conversationParticipants.hiddenAt,
      otherUserId: other.userId,
      otherLastReadAt: other.lastReadAt,
    })
    .from(conversationParticipants)
    .innerJoin(
      other,
      and(
        eq(other.conversationId, conversationParticipants.conversationId),
        ne(other.userId, conversationParticipants.userId),
      ),
    )
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    );
  return row ?? null;
}

async function requireMembership(db: Db, conversationId: string, userId: string) {
  const membership = await findMembership(db, conversationId, userId);
  if (!membership) throw conversationNotFound();
  return membership;
}

/** Everyone who shares a conversation with the user: who hears about their presence. */
export async function listConversationPartners(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: other.userId })
    .from(conversationParticipants)
    .innerJoin(
      other,
      and(
        eq(other.conversationId, conversationParticipants.conversationId),
        ne(other.userId, conversationParticipants.userId),
      ),
    )
    .where(eq(conversationParticipants.userId, userId));
  return [...new Set(rows.map((row) => row.userId))];
}

/** The conversation between the caller and `recipientUserId`, created on first contact (one per pair). */
export async function openConversation(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, recipientUserId: string) {
  if (recipientUserId === userId) {
    throw fieldError('VALIDATION_FAILED', 'body.recipientUserId', 'You cannot send a message to yourself');
  }
  if (!(await findUserById(deps.db, recipientUserId))) throw new AppError('USER_NOT_FOUND', 'User not found');
  const [userLow, userHigh] = userId < recipientUserId ? [userId, recipientUserId] : [recipientUserId, userId];
  const pair = and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh));
  const [existing] = await deps.db.select({ id: conversations.id }).from(conversations).where(pair);
  if (existing) return existing.id;

  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Two first messages at once: one insert wins, the other finds its row.
    const [created] = await tx
      .insert(conversations)
      .values({ id: uuidv7(now), userLow, userHigh, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const id = created?.id ?? (await tx.select({ id: conversations.id }).from(conversations).where(pair))[0]?.id;
    if (!id) throw new Error('conversation neither created nor found');
    await tx
      .insert(conversationParticipants)
      .values([userLow, userHigh].map((participant) => ({ conversationId: id, userId: participant, joinedAt: now })))
      .onConflictDoNothing();
    return id;
  });
}

/** Sends a message (rate-limited per user), pushes it to both people's sockets and notifies the recipient. */
export async function sendMessage(
  deps: MessagingDeps,
  userId: string,
  body: { conversationId?: string; recipientUserId?: string; text: string; clientMessageId?: string },
  log?: Pick<FastifyBaseLogger, 'warn'>,
  /** The writer's language (see writtenLanguage); null when not known. */
  language: string | null = null,
): Promise<Message> {
  const conversationId = body.conversationId ?? (await openConversation(deps, userId, body.recipientUserId ?? ''));
  // What the recipient reads differs only when the text holds contact details and the two
  // have no paid reservation: only then is the recipient looked up before the write.
  const forRecipient = await recipientCopy(deps.db, conversationId, userId, body.text);
  // One batched statement (message-writer.ts) counts the message against the sender's limit,
  // checks the sender takes part (else 404), stores it, orders the conversation, moves the
  // sender's read mark (writing a message means having read the conversation up to it) and
  // writes the recipient's in-app notification.
  const written = await messageWriterOf(deps).write({
    conversationId,
    senderId: userId,
    text: body.text,
    language,
    ...(forRecipient ? { previewText: forRecipient.text } : {}),
    limitPerMinute: deps.config.CHAT_SEND_LIMIT_PER_MINUTE,
    ...(body.clientMessageId ? { clientMessageId: body.clientMessageId } : {}),
  });
  if (written.status === 'limited') throw tooManyAttempts(written.retryAfterSeconds);
  if (written.status === 'not-member') throw conversationNotFound();
  if (written.status === 'earlier') {
    // Sent again after a lost answer: the message stored then, told to nobody a second time.
    const [earlier] = await deps.db.select().from(messages).where(eq(messages.id, written.id));
    if (!earlier) throw conversationNotFound();
    return { ...toMessage(earlier), ...(body.clientMessageId ? { clientMessageId: body.clientMessageId } : {}) };
  }
  const { recipientId, senderName } = written;

  const message: Message = {
    id: written.id,
    conversationId,
    senderId: userId,
    text: body.text,
    language,
    isDeleted: false,
    createdAt: written.createdAt.toISOString(),
    deletedAt: null,
    ...(body.clientMessageId ? { clientMessageId: body.clientMessageId } : {}),
  };
  // The recipient's copy: the same message, or one with its contact details masked.
  const received: Message =
    forRecipient?.recipientId === recipientId ? { ...message, text: forRecipient.text, contactMasked: true } : message;
  try {
    // One serialisation and publish for both people (decision 017) unless their copies differ.
    if (received === message) {
      await publishToUsers(deps.pubsub, [userId, recipientId], { type: 'message.created', conversationId, message });
    } else {
      await publishToUsers(deps.pubsub, [userId], { type: 'message.created', conversationId, message });
      await publishToUsers(deps.pubsub, [recipientId], {
        type: 'message.created',
        conversationId,
        message: received,
      });
    }
    await publishToUsers(deps.pubsub, [recipientId], {
      type: 'notification.created',
      notificationId: written.notificationId,
      kind: 'message.received',
    });
    await notifyIfOffline(deps, { conversationId, senderId: userId, senderName, recipientId, message: received });
    await pushNewMessage(deps, {
      recipientId,
      conversationId,
      senderName,
      text: received.text ?? '',
      tag: notificationGroup(conversationId),
    });
  } catch (error) {
    // The message is stored: a 503 now would have the sender send it a second time. An
    // outage after the commit costs the recipient's notification, never the message.
    if (!isServiceUnavailable(error)) throw error;
    log?.warn({ err: error, messageId: message.id }, 'message stored, its notification was not');
  }
  return message;
}

/**
 * The text the recipient of a new message reads when it differs from what was written:
 * contact details masked, as the two have no paid reservation; null when it does not differ
 * (most messages: no contact details, and then no query at all) or the sender is not in the
 * conversation (the write answers that).
 */
async function recipientCopy(db: Db, conversationId: string, senderId: string, text: string) {
  const masked = maskContactDetails(text);
  if (!masked.isMasked) return null;
  const membership = await findMembership(db, conversationId, senderId);
  if (!membership) return null;
  const recipientId = membership.otherUserId;
  if ((await listPaidPartners(db, senderId, [recipientId])).has(recipientId)) return null;
  return { recipientId, text: masked.text };
}

const preview = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * The in-app notification is written with the message (one per unread conversation); an
 * e-mail or SMS goes only while the recipient is offline, at most one per conversation per
 * 15 minutes, as their `messages` preference allows.
 */
async function notifyIfOffline(
  deps: MessagingDeps,
  input: { conversationId: string; senderId: string; senderName: string | null; recipientId: string; message: Message },
) {
  const { conversationId, recipientId, message, senderName } = input;
  // Presence unknown (Redis away): as if offline, the cooldown below still limits the sends.
  if (await isOnlineOrNot(deps, recipientId)) return;
  const now = deps.clock.now();
  const cooldownStart = new Date(now.getTime() - MESSAGE_NOTIFICATION_COOLDOWN_MINUTES * 60_000);
  // One statement claims the slot, so two instances never both send.
  const claimed = await deps.db
    .update(conversationParticipants)
    .set({ lastNotifiedAt: now })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, recipientId),
        or(
          isNull(conversationParticipants.lastNotifiedAt),
          sql`${conversationParticipants.lastNotifiedAt} <= ${cooldownStart.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ userId: conversationParticipants.userId });
  if (claimed.length === 0) return;
  const text = preview(message.text ?? '');
  // The e-mail and SMS are written in the recipient's locale (notifications/catalog.ts);
  // notify() writes the same in-app notification again, as the message's statement did.
  const locale = await localeOfUser(deps.db, recipientId);
  await notify(
    deps,
    recipientId,
    'message.received',
    { conversationId, messageId: message.id, senderId: input.senderId, senderName, preview: text },
    {
      groupKey: notificationGroup(conversationId),
      ...renderNotice('message.received', locale, {
        name: senderName ?? '',
        text,
        link: `${deps.config.PUBLIC_URL}/${locale}/messages/${conversationId}`,
      }),
    },
  );
}

const cursorCondition = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const { at, id } = decodeCursor(cursor);
  const iso = at.toISOString();
  return or(
    sql`${messages.createdAt} < ${iso}::timestamptz`,
    and(sql`${messages.createdAt} = ${iso}::timestamptz`, lt(messages.id, id)),
  );
};

const visibleTo = (hiddenAt: Date | null) =>
  hiddenAt ? sql`${messages.createdAt} > ${hiddenAt.toISOString()}::timestamptz` : undefined;

async function countUnread(db: Db, conversationId: string, userId: string, since: Array<Date | null>) {
  const after = since.filter((value): value is Date => value !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, userId),
        isNull(messages.deletedAt),
        after ? sql`${messages.createdAt} > ${after.toISOString()}::timestamptz` : undefined,
      ),
    );
  return Number(row?.value ?? 0);
}

async function getPerson(db: Db, userId: string): Promise<PersonRow> {
  const [person] = await db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      profilePictureKey: users.profilePictureKey,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw conversationNotFound();
  return person;
}

/** A page of a conversation (newest first) with the other participant; participants only. */
export async function getConversation(
  deps: MessagingDeps,
  userId: string,
  query: { id: string; cursor?: string; limit: number },
): Promise<Conversation> {
  const membership = await requireMembership(deps.db, query.id, userId);
  const rows = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, query.id), visibleTo(membership.hiddenAt), cursorCondition(query.cursor)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const [person, online, unreadCount] = await Promise.all([
    getPerson(deps.db, membership.otherUserId),
    onlineUsersOrNone(deps, [membership.otherUserId]),
    countUnread(deps.db, query.id, userId, [membership.lastReadAt, membership.hiddenAt]),
  ]);
  const participant = toParticipant(person, membership.otherLastReadAt, online);
  const texts = await messageTextsFor(deps.db, userId, page);
  return {
    id: query.id,
    title: participant.name,
    participant,
    messages: page.map((row, index) => readBy(toMessage(row), texts[index])),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    lastReadAt: isoOrNull(membership.lastReadAt),
    unreadCount,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

interface ListRow extends Record<string, unknown> {
  id: string;
  last_message_at: Date | string;
  other_id: string;
  other_last_read_at: Date | string | null;
  name: string | null;
  surname: string | null;
  profile_picture_key: string | null;
  user_deleted_at: Date | string | null;
  lm_id: string;
  lm_sender_id: string;
  lm_text: string | null;
  lm_language: string | null;
  lm_created_at: Date | string;
  lm_deleted_at: Date | string | null;
  unread: number;
}

/**
 * The caller's conversations, most recent first, each with the other person, the last
 * message and the unread count: one query (lateral joins), whatever the page size.
 * A conversation shows once it has a message the caller can see.
 */
export async function listConversations(
  deps: MessagingDeps,
  userId: string,
  query: { search?: string; cursor?: string; limit: number },
): Promise<ConversationList> {
  const search = query.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const result = await deps.db.execute<ListRow>(sql`
    select c.id, c.last_message_at,
           o.user_id as other_id, o.last_read_at as other_last_read_at,
           u.name, u.surname, u.profile_picture_key, u.deleted_at as user_deleted_at,
           lm.id as lm_id, lm.sender_id as lm_sender_id, lm.text as lm_text, lm.language as lm_language,
           lm.created_at as lm_created_at, lm.deleted_at as lm_deleted_at,
           un.unread
      from ${conversationParticipants} p
      join ${conversations} c on c.id = p.conversation_id
      join ${conversationParticipants} o on o.conversation_id = p.conversation_id and o.user_id <> p.user_id
      join ${users} u on u.id = o.user_id
      join lateral (
        select m.id, m.sender_id, m.text, m.language, m.created_at, m.deleted_at
          from ${messages} m
         where m.conversation_id = c.id and (p.hidden_at is null or m.created_at > p.hidden_at)
         order by m.created_at desc, m.id desc
         limit 1
      ) lm on true
      cross join lateral (
        select count(*)::int as unread
          from ${messages} m
         where m.conversation_id = c.id and m.sender_id <> p.user_id and m.deleted_at is null
           and m.created_at > coalesce(greatest(p.last_read_at, p.hidden_at), '-infinity'::timestamptz)
      ) un
     where p.user_id = ${userId}
       ${
         pattern
           ? sql`and (u.deleted_at is null and concat_ws(' ', u.name, u.surname) ilike ${pattern}
                  or exists (select 1 from ${messages} sm
                              where sm.conversation_id = c.id and sm.deleted_at is null
                                and (p.hidden_at is null or sm.created_at > p.hidden_at)
                                and sm.text ilike ${pattern}))`
           : sql``
       }
       ${
         after
           ? sql`and (c.last_message_at, c.id) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
           : sql``
       }
     order by c.last_message_at desc, c.id desc
     limit ${query.limit + 1}`);
  const rows = result.rows;
  const page = rows.slice(0, query.limit);
  const online = await onlineUsersOrNone(
    deps,
    page.map((row) => row.other_id),
  );
  const lastTexts = await messageTextsFor(
    deps.db,
    userId,
    page.map((row) => ({ senderId: row.lm_sender_id, text: row.lm_deleted_at ? null : row.lm_text })),
  );
  const data = page.map((row, index): ConversationSummary => {
    const participant = toParticipant(
      {
        id: row.other_id,
        name: row.name,
        surname: row.surname,
        profilePictureKey: row.profile_picture_key,
        deletedAt: row.user_deleted_at,
      },
      row.other_last_read_at,
      online,
    );
    return {
      id: row.id,
      title: participant.name,
      participant,
      lastMessage: readBy(
        {
          id: row.lm_id,
          senderId: row.lm_sender_id,
          text: row.lm_deleted_at ? null : row.lm_text,
          language: row.lm_deleted_at ? null : row.lm_language,
          isDeleted: row.lm_deleted_at !== null,
          createdAt: toDate(row.lm_created_at).toISOString(),
        },
        lastTexts[index],
      ),
      unreadCount: Number(row.unread),
      lastMessageAt: isoOrNull(row.last_message_at),
    };
  });
  const last = page.at(-1);
  return {
    data,
    nextCursor: rows.length > query.limit && last ? encodeCursor(toDate(last.last_message_at), last.id) : null,
  };
}

/** Marks the conversation read for the caller and tells both people (read ticks). */
export async function markConversationAsRead(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
): Promise<ConversationRead> {
  const membership = await requireMembership(deps.db, conversationId, userId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(conversationParticipants)
    .set({ lastReadAt: sql`greatest(${conversationParticipants.lastReadAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    )
    .returning({ lastReadAt: conversationParticipants.lastReadAt });
  const lastReadAt = (row?.lastReadAt ?? now).toISOString();
  await publishToUsers(deps.pubsub, [userId, membership.otherUserId], {
    type: 'conversation.read',
    conversationId,
    userId,
    lastReadAt,
  });
  await markNotificationGroupAsRead(deps, userId, notificationGroup(conversationId));
  return { conversationId, lastReadAt };
}

/** The author deletes a message: it stays as a "deleted" tombstone for both people. */
export async function deleteMessage(deps: MessagingDeps, userId: string, messageId: string): Promise<Message> {
  const [found] = await deps.db
    .select({ message: messages, hiddenAt: conversationParticipants.hiddenAt, otherUserId: other.userId })
    .from(messages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .innerJoin(other, and(eq(other.conversationId, messages.conversationId), ne(other.userId, userId)))
    .where(eq(messages.id, messageId));
  if (!found || (found.hiddenAt && found.message.createdAt <= found.hiddenAt)) throw messageNotFound();
  if (found.message.senderId !== userId) throw new AppError('FORBIDDEN', 'Only the author can delete a message');
  if (found.message.deletedAt) return toMessage(found.message);
  const [row] = await deps.db
    .update(messages)
    .set({ text: null, deletedAt: deps.clock.now() })
    .where(eq(messages.id, messageId))
    .returning();
  if (!row) throw messageNotFound();
  const message = toMessage(row);
  await publishToUsers(deps.pubsub, [userId, found.otherUserId], {
    type: 'message.deleted',
    conversationId: message.conversationId,
    message,
  });
  return message;
}

/** "Delete conversation" for the caller only: hidden (with its history) until a newer message arrives. */
export async function deleteConversation(deps: MessagingDeps, userId: string, conversationId: string) {
  await requireMembership(deps.db, conversationId, userId);
  await deps.db
    .update(conversationParticipants)
    .set({ hiddenAt: deps.clock.now() })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    );
  return { success: true as const };
}

/** Unread messages and conversations of the caller (the header badge). */
export async function getUnreadCount(deps: Pick<AppDeps, 'db'>, userId: string): Promise<UnreadCount> {
  const result = await deps.db.execute<{ messages: number; conversations: number }>(sql`
    select count(*)::int as messages, count(distinct m.conversation_id)::int as conversations
      from ${conversationParticipants} p
      join ${messages} m on m.conversation_id = p.conversation_id
     where p.user_id = ${userId} and m.sender_id <> p.user_id and m.deleted_at is null
       and m.created_at > coalesce(greatest(p.last_read_at, p.hidden_at), '-infinity'::timestamptz)`);
  const row = result.rows[0];
  return { unreadMessages: Number(row?.messages ?? 0), unreadConversations: Number(row?.conversations ?? 0) };
}
