import { SuccessSchema } from '@marco/contract/auth';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  ConversationListSchema,
  ConversationReadSchema,
  ConversationSchema,
  GetConversationQuerySchema,
  GetConversationsQuerySchema,
  IdQuerySchema,
  MarkConversationAsReadSchema,
  MessageSchema,
  OpenConversationSchema,
  OpenedConversationSchema,
  SendMessageSchema,
  UnreadCountSchema,
} from '@marco/contract/messaging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { writtenLanguage } from '../../platform/locale.js';
import {
  deleteConversation,
  deleteMessage,
  getConversation,
  getUnreadCount,
  listConversations,
  markConversationAsRead,
  openConversation,
  sendMessage,
} from './service.js';

const tags = ['messaging'];
const PREFIX = '/api/app/chat-conversation-public';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/**
 * spec §7 chat-conversation-public, plus the list, unread count and open calls the
 * messages screens need. Only the two participants ever see or change a conversation;
 * anyone else gets 404 as if it did not exist.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    `${PREFIX}/send-message`,
    {
      schema: {
        tags,
        summary: 'Sends a message to a conversation, or to a person (opening the conversation with them)',
        ...signedInSecurity,
        body: SendMessageSchema,
        response: { 200: MessageSchema, ...errors(400, 401, 404, 429) },
      },
      ...guarded,
    },
    async (request) => sendMessage(deps, userOf(request).id, request.body, request.log, writtenLanguage(request)),
  );

  app.get(
    `${PREFIX}/get-conversation`,
    {
      schema: {
        tags,
        summary: 'A page of messages, newest first (cursor goes further back), and the other participant',
        ...signedInSecurity,
        querystring: GetConversationQuerySchema,
        response: { 200: ConversationSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getConversation(deps, userOf(request).id, request.query);
    },
  );

  app.get(
    `${PREFIX}/get-conversations`,
    {
      schema: {
        tags,
        summary: 'The caller’s conversations, most recent first; search matches names and message text',
        ...signedInSecurity,
        querystring: GetConversationsQuerySchema,
        response: { 200: ConversationListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listConversations(deps, userOf(request).id, request.query);
    },
  );

  app.get(
    `${PREFIX}/get-unread-count`,
    {
      schema: { tags, ...signedInSecurity, response: { 200: UnreadCountSchema, ...errors(401) } },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getUnreadCount(deps, userOf(request).id);
    },
  );

  app.post(
    `${PREFIX}/open-conversation`,
    {
      schema: {
        tags,
        summary: 'The conversation with a person (created on first contact), without sending anything',
        ...signedInSecurity,
        body: OpenConversationSchema,
        response: { 200: OpenedConversationSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => ({ id: await openConversation(deps, userOf(request).id, request.body.recipientUserId) }),
  );

  app.put(
    `${PREFIX}/mark-conversation-as-read`,
    {
      schema: {
        tags,
        ...signedInSecurity,
        body: MarkConversationAsReadSchema,
        response: { 200: ConversationReadSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => markConversationAsRead(deps, userOf(request).id, request.body.conversationId),
  );

  app.delete(
    `${PREFIX}/delete-message`,
    {
      schema: {
        tags,
        summary: 'The author deletes a message; both people then see it as deleted',
        ...signedInSecurity,
        querystring: IdQuerySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
      ...guarded,
    },
    async (request) => deleteMessage(deps, userOf(request).id, request.query.id),
  );

  app.delete(
    `${PREFIX}/delete-conversation`,
    {
      schema: {
        tags,
        summary: 'Deletes the conversation for the caller only; a newer message brings it back',
        ...signedInSecurity,
        querystring: IdQuerySchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => deleteConversation(deps, userOf(request).id, request.query.id),
  );
};
