import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service of our own, for tests: an HTTP server that takes Web Push requests as a
 * browser vendor's service does, checks the VAPID JWT (RFC 8292: ES256 over the public key
 * in `k`, aud, exp, sub) and decrypts the aes128gcm payload (RFC 8291) with the private key
 * of the browser it made up for the subscription. Anything wrong answers 400 or 401 and is
 * kept in `rejected`, so a test can tell a bad request from a missing one.
 */

export interface TestBrowser {
  endpoint: string;
  /** What `PushSubscription.toJSON()` gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  payload: Record<string, unknown>;
}

export interface TestPushService {
  /** A new browser subscription at this service. */
  newBrowser(): TestBrowser;
  /** The next push to `browser` answers this status (e.g. 410 Gone) instead of 201. */
  answerNext(browser: TestBrowser, status: number): void;
  received: ReceivedPush[];
  rejected: string[];
  close(): Promise<void>;
}

const fromBase64Url = (value: string) => Buffer.from(value, 'base64url');

function verifyVapid(authorization: string | undefined, vapidPublicKey: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`authorization is not vapid t=…, k=…: ${authorization}`);
  const [token, key] = [match[1], match[2]];
  if (key !== vapidPublicKey) throw new Error('k is not the server’s VAPID public key');
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('not a JWT');
  const { alg, typ } = JSON.parse(fromBase64Url(header).toString('utf8'));
  if (alg !== 'ES256' || typ !== 'JWT') throw new Error(`JWT header ${alg}/${typ}`);
  const raw = fromBase64Url(key);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    fromBase64Url(signature),
  );
  if (!signed) throw new Error('the JWT signature does not verify against k');
  const body = JSON.parse(fromBase64Url(claims).toString('utf8')) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (body.aud !== origin) throw new Error(`aud ${body.aud}, expected ${origin}`);
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error(`exp ${body.exp} not within 24 hours`);
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(body.sub)) throw new Error(`sub ${body.sub}`);
  return body;
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, as a browser decrypts it. */
function decrypt(browser: TestBrowser, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startTestPushService(vapidPublicKey: string): Promise<TestPushService> {
  const browsers = new Map<string, TestBrowser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      const fail = (status: number, reason: string) => {
        rejected.push(`${request.url}: ${reason}`);
        response.writeHead(status).end(reason);
      };
      const browser = browsers.get(endpoint);
      if (request.method !== 'POST' || !browser) return fail(404, 'unknown subscription');
      let claims: ReceivedPush['claims'];
      try {
        claims = verifyVapid(request.headers.authorization, vapidPublicKey, origin);
      } catch (error) {
        return fail(401, (error as Error).message);
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') return fail(400, 'content-encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return fail(400, 'no TTL');
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(decrypt(browser, Buffer.concat(chunks)).toString('utf8'));
      } catch (error) {
        return fail(400, `payload: ${(error as Error).message}`);
      }
      const answer = answers.get(endpoint);
      answers.delete(endpoint);
      if (answer) return response.writeHead(answer).end();
      received.push({
        endpoint,
        ttl,
        urgency: request.headers.urgency as string | undefined,
        topic: request.headers.topic as string | undefined,
        claims,
        payload,
      });
      response.writeHead(201, { location: `${origin}/messages/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    newBrowser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      const browser: TestBrowser = {
        endpoint,
        subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
        ecdh,
        auth,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    answerNext(browser, status) {
      answers.set(browser.endpoint, status);
    },
    received,
    rejected,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
