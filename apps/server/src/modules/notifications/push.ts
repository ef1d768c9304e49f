import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { Locale } from '@marco/contract/locales';
import {
  PUSH_KINDS,
  type PushKind,
  type PushPayload,
  type PushSettings,
  type PushSubscriptionInput,
  type UpdatePushPreferences,
} from '@marco/contract/notifications';
import DataLoader from 'dataloader';
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { pushMutedKinds, pushSubscriptions } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { batchedPerTurn, onePer } from '../../platform/one-per.js';
import type { PushOptions } from '../../platform/push/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { localeOfUser } from './locale.js';
import { renderPush } from './push-catalog.js';

export type PushDeps = Pick<AppDeps, 'db' | 'clock' | 'push' | 'config'>;

/** Browsers one account keeps push in; a new one beyond this replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

export const isPushKind = (kind: string): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind);

// A request expires after 48 h and a message is stale after a day: a browser offline for
// longer gets nothing rather than old news. Messages and new requests ring at once.
const OPTIONS: Record<PushKind, Omit<PushOptions, 'topic'>> = {
  'reservation.requested': { ttlSeconds: 48 * 3600, urgency: 'high' },
  'reservation.approved': { ttlSeconds: 48 * 3600, urgency: 'normal' },
  'reservation.rejected': { ttlSeconds: 48 * 3600, urgency: 'normal' },
  'reservation.paid': { ttlSeconds: 48 * 3600, urgency: 'normal' },
  'reservation.cancelled': { ttlSeconds: 48 * 3600, urgency: 'normal' },
  'reservation.reminder': { ttlSeconds: 24 * 3600, urgency: 'high' },
  'message.received': { ttlSeconds: 24 * 3600, urgency: 'high' },
};

async function readSettings(deps: PushDeps, userId: string): Promise<PushSettings> {
  const [muted, endpoints] = await Promise.all([
    deps.db.select({ kind: pushMutedKinds.kind }).from(pushMutedKinds).where(eq(pushMutedKinds.userId, userId)),
    deps.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  const off = new Set(muted.map((row) => row.kind));
  return {
    publicKey: deps.push.publicKey,
    preferences: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as PushSettings['preferences'],
    endpoints: endpoints.map((row) => row.endpoint),
  };
}

export const getPushSettings = readSettings;

/**
 * The server posts to the endpoint a browser names, so in production it must be a public
 * https address (a push service), never an address inside Marco's own network.
 */
function assertPushServiceEndpoint(deps: PushDeps, endpoint: string) {
  if (deps.config.NODE_ENV !== 'production') return;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' || isIP(host) !== 0 || host === 'localhost' || !host.includes('.')) {
    throw fieldError('VALIDATION_FAILED', 'body.endpoint', 'Not a push service address');
  }
}

function assertBrowserKey(p256dh: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw fieldError('VALIDATION_FAILED', 'body.keys.p256dh', 'Not a P-256 public key');
  }
}

/**
 * Keeps the caller's browser subscription. The endpoint is the browser's: subscribed again
 * (new keys) or by another account on the same browser, the row follows it.
 */
export async function subscribeToPush(
  deps: PushDeps,
  userId: string,
  input: PushSubscriptionInput,
): Promise<PushSettings> {
  if (!deps.push.publicKey) throw new AppError('INVALID_STATE', 'This server sends no push notifications');
  assertPushServiceEndpoint(deps, input.endpoint);
  assertBrowserKey(input.keys.p256dh);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        id: uuidv7(now),
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in (${kept})`));
  });
  return readSettings(deps, userId);
}

/** Forgets one of the caller's browsers; another account's endpoint answers as an unknown one. */
export async function unsubscribeFromPush(deps: PushDeps, userId: string, endpoint: string): Promise<PushSettings> {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such push subscription');
  return readSettings(deps, userId);
}

export async function updatePushPreferences(
  deps: PushDeps,
  userId: string,
  changes: UpdatePushPreferences,
): Promise<PushSettings> {
  const entries = Object.entries(changes) as Array<[PushKind, boolean]>;
  const off = entries.filter(([, on]) => !on).map(([kind]) => ({ userId, kind }));
  const on = entries.filter(([, value]) => value).map(([kind]) => kind);
  await deps.db.transaction(async (tx) => {
    if (off.length > 0) await tx.insert(pushMutedKinds).values(off).onConflictDoNothing();
    for (const kind of on) {
      await tx.delete(pushMutedKinds).where(and(eq(pushMutedKinds.userId, userId), eq(pushMutedKinds.kind, kind)));
    }
  });
  return readSettings(deps, userId);
}

export type PushContent = Omit<PushPayload, 'kind' | 'locale'>;

/** The browsers with push on for a kind of the given users (platform/one-per.ts). */
const pushTargetsOf = onePer((db: Db) =>
  db
    .select({
      userId: pushSubscriptions.userId,
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(
        sql`${pushSubscriptions.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushMutedKinds)
            .where(
              and(
                eq(pushMutedKinds.userId, pushSubscriptions.userId),
                eq(pushMutedKinds.kind, sql.placeholder('kind')),
              ),
            ),
        ),
      ),
    )
    .prepare('push_targets'),
);

type PushTarget = Awaited<ReturnType<ReturnType<typeof pushTargetsOf>['execute']>>[number];

/**
 * Every chat message asks for its recipient's browsers: the questions of one turn of the
 * event loop, per kind, go to the database as one statement (decision 017).
 */
const pushTargetLoaders = onePer((db: Db) => {
  const byKind = new Map<string, DataLoader<string, PushTarget[]>>();
  return (kind: string) => {
    let loader = byKind.get(kind);
    if (!loader) {
      loader = new DataLoader<string, PushTarget[]>(async (userIds) => {
        const rows = await pushTargetsOf(db).execute({ userIds: [...userIds], kind });
        return userIds.map((userId) => rows.filter((row) => row.userId === userId));
      }, batchedPerTurn);
      byKind.set(kind, loader);
    }
    return loader;
  };
});

/**
 * Sends a push to every browser of the user that has push on, unless they turned this
 * event off; written in their locale by `render`. A subscription the push service no
 * longer knows (404, 410) is deleted. A push that fails otherwise is counted
 * (marco_message_send_failures_total{channel="push"}) and dropped: the in-app
 * notification and the e-mail or SMS still carry the news. Answers how many were sent.
 */
export async function sendPush(
  deps: PushDeps,
  userId: string,
  kind: string,
  render: (locale: Locale) => PushContent,
): Promise<number> {
  if (!deps.push.publicKey || !isPushKind(kind)) return 0;
  const targets = await pushTargetLoaders(deps.db)(kind).load(userId);
  if (targets.length === 0) return 0;
  const locale = await localeOfUser(deps.db, userId);
  const content = render(locale);
  const payload: PushPayload = { kind, locale, ...content };
  const body = JSON.stringify(payload);
  const outcomes = await Promise.allSettled(
    targets.map((target) =>
      deps.push.send({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, body, {
        ...OPTIONS[kind],
        topic: content.tag,
      }),
    ),
  );
  const gone = targets.filter((_, index) => {
    const outcome = outcomes[index];
    return outcome?.status === 'fulfilled' && outcome.value === 'gone';
  });
  for (const target of gone) {
    // Only the row of that endpoint as read: a browser that re-subscribed meanwhile keeps its new row.
    await deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, target.id), eq(pushSubscriptions.p256dh, target.p256dh)));
  }
  return outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 'sent').length;
}

const PREVIEW_MAX = 140;

/**
 * A new message's push, sent whether or not the recipient is online (a phone in a pocket
 * keeps no socket); the service worker shows nothing while that conversation is on screen
 * in a focused window (public/sw.js). `text` is what the recipient may read (contact
 * details masked before a paid reservation).
 */
export async function pushNewMessage(
  deps: PushDeps,
  input: { recipientId: string; conversationId: string; senderName: string | null; text: string; tag: string },
): Promise<number> {
  const text = input.text.length > PREVIEW_MAX ? `${input.text.slice(0, PREVIEW_MAX - 1)}…` : input.text;
  return sendPush(deps, input.recipientId, 'message.received', (locale) => ({
    ...renderPush('message.received', locale, { name: input.senderName ?? '', text }),
    url: `/${locale}/messages/${input.conversationId}`,
    tag: input.tag,
    conversationId: input.conversationId,
  }));
}
