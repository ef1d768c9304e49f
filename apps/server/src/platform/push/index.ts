import { createECDH, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Metrics } from '../metrics/index.js';

/*
 * Standard Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291).
 * `web-push` signs and encrypts; the request goes out through fetch, so an http endpoint
 * (a test's local push service) works as well as the browsers' https ones.
 */

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (RFC 8030 §5.4). */
  topic?: string;
}

/** `gone`: the push service no longer knows the subscription (404 or 410): forget it. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url); null: push is off on this server. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SEND_TIMEOUT_MS = 5000;
// A topic is at most 32 characters of the URL-safe base64 alphabet: a digest of the tag.
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`push service answered ${status}: ${body.slice(0, 200)}`);
  }
}

let webPushModule: Promise<typeof import('web-push')> | undefined;

export function createWebPushSender(keys: VapidKeys): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload, options) {
      // Loaded with the first push, like the other adapters' libraries (docs/decisions/001).
      // web-push is CommonJS: Node gives its functions as the default export only.
      webPushModule ??= import('web-push').then(
        (module) => (module as unknown as { default: typeof import('web-push') }).default,
      );
      const webPush = await webPushModule;
      const request = webPush.generateRequestDetails(target, payload, {
        vapidDetails: keys,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: topicOf(options.topic) } : {}),
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new PushServiceError(response.status, await response.text());
      return 'sent';
    },
  };
}

const disabled: PushSender = {
  publicKey: null,
  send: () => Promise.reject(new Error('push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT)')),
};

/**
 * The configured VAPID keys; outside production, without them, a pair generated once and
 * kept in DATA_DIR, so push works in the demo with no set-up. Production without keys
 * sends no push (config.ts refuses half a configuration).
 */
export function vapidKeysOf(config: Config): VapidKeys | null {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  }
  if (config.NODE_ENV === 'production') return null;
  const file = path.join(config.DATA_DIR, 'vapid-keys.json');
  const subject = `mailto:${config.SUPPORT_EMAIL}`;
  // A DATA_DIR that cannot hold files is for readiness to report (storage), not a reason not
  // to start: errors of the file system give a pair for this process only.
  const isFileSystemError = (error: unknown) => typeof (error as NodeJS.ErrnoException).code === 'string';
  const readKept = (): VapidKeys | null => {
    try {
      const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    } catch (error) {
      if (!isFileSystemError(error)) throw error;
      return null;
    }
  };
  const kept = readKept();
  if (kept) return kept;
  const generated = generateVapidKeys();
  try {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    // `wx`: when two processes start on one DATA_DIR, the second keeps the first one's pair.
    fs.writeFileSync(file, JSON.stringify(generated), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKept() ?? { ...generated, subject };
  }
  return { ...generated, subject };
}

export function createPushSender(config: Config, metrics: Pick<Metrics, 'countSendFailure'>): PushSender {
  const keys = vapidKeysOf(config);
  if (!keys) return disabled;
  const sender = createWebPushSender(keys);
  return {
    publicKey: sender.publicKey,
    async send(...args) {
      try {
        return await sender.send(...args);
      } catch (error) {
        metrics.countSendFailure('push', 'web-push');
        throw error;
      }
    },
  };
}

/**
 * A VAPID key pair as web-push's generateVAPIDKeys makes it (a P-256 key: the uncompressed
 * public point and the 32-byte private scalar, URL-safe base64), without loading web-push
 * at start-up.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}
