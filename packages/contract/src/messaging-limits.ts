/** Messaging limits and the socket path: plain values, kept apart from the zod schemas of messaging.ts. */
/** Message text after trimming: 1–4000 characters, stored and shown as plain text. */
export const MESSAGE_TEXT_MAX = 4000;
/** Messages per page of get-conversation (at most), and the default. */
export const CONVERSATION_PAGE_MAX = 50;
export const CONVERSATION_PAGE_DEFAULT = 30;
/** Conversations per page of get-conversations. */
export const CONVERSATION_LIST_PAGE_MAX = 50;
export const CONVERSATION_LIST_PAGE_DEFAULT = 20;
/** A recipient who is offline gets at most one e-mail or SMS per conversation in this window. */
export const MESSAGE_NOTIFICATION_COOLDOWN_MINUTES = 15;
/** A typing indicator shows this long after the last `typing` event, unless a message ends it. */
export const TYPING_INDICATOR_MS = 5000;
/** The WebSocket endpoint (same origin as the API). */
export const WS_PATH = '/api/ws';
/**
 * Close code of a socket whose server is shutting down (a deploy, a scale-in): 1012 Service
 * Restart (RFC 6455 registry) rather than 1001 Going Away, which browsers also send when a
 * page is left. The client reconnects after a jittered delay, which a load balancer sends to
 * an instance still running, and reloads what it may have missed meanwhile.
 */
export const WS_CLOSE_SERVER_RESTART = 1012;
/**
 * Close code of a socket whose session has ended (signed out, a password changed or reset
 * elsewhere, the account suspended or deleted), or that never had one: the client stops
 * reconnecting and signs out, as it does on any 401 answer.
 */
export const WS_CLOSE_SESSION_ENDED = 4401;
