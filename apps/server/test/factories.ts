import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A fresh caller address, so one test's rate-limit counters never meet another's. */
export const newIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A valid, unused Turkish mobile number in E.164. */
export const newPhone = () => `+90532${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The Origin a browser sends from Marco's own pages. Writes carrying the session cookie, and
 * the sign-ins that set it, are refused without it (CSRF rule, platform/auth/csrf.ts).
 */
export const ownSite = (app: FastifyInstance) => ({ origin: new URL(app.deps.config.PUBLIC_URL).origin });

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  text: string;
}

/** The dev outbox, read as a user would: GET /api/dev/outbox. */
export async function readOutbox(app: FastifyInstance): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  if (response.statusCode !== 200) throw new Error(`outbox answered ${response.statusCode}`);
  return response.json().data;
}

/** The code in the last text message sent to `phone`. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const message = (await readOutbox(app)).findLast((entry) => entry.channel === 'sms' && entry.recipient === phone);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}

export interface TestUser {
  userId: string;
  phone: string;
  password: string;
  /** Bearer token of a session of this user. */
  token: string;
  /** Address the user's requests come from. */
  ip: string;
  headers: Record<string, string>;
}

/**
 * A user signed up through the real endpoints: register-with-phone, the code from the
 * outbox, set-password-for-phone; signed in with a bearer token.
 */
export async function createUser(
  app: FastifyInstance,
  options: { phone?: string; password?: string; name?: string; surname?: string } = {},
): Promise<TestUser> {
  const phone = options.phone ?? newPhone();
  const password = options.password ?? `Marco-${randomInt(0, 1e9)}-pass`;
  const ip = newIp();
  const headers = { 'x-forwarded-for': ip };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/app/custom-user-account-public/register-with-phone',
    headers,
    payload: {
      phoneNumber: phone,
      name: options.name ?? 'Ayşe',
      surname: options.surname ?? 'Yılmaz',
      extraProperties: { termsConsent: true, privacyConsent: true },
    },
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const { userId } = registered.json();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/app/custom-user-account-public/check-phone-code',
    headers,
    payload: { userId, code: await latestCode(app, phone) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`check code: ${confirmed.statusCode} ${confirmed.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/app/custom-user-account-public/set-password-for-phone',
    headers,
    payload: { userId, password, registrationToken: confirmed.json().registrationToken },
  });
  if (signedIn.statusCode !== 200) throw new Error(`set password: ${signedIn.statusCode} ${signedIn.body}`);
  const token = signedIn.json().accessToken as string;
  return { userId, phone, password, token, ip, headers: { ...headers, ...bearer(token) } };
}

/** Signs in through the web login; answers the `marco_session` cookie value. */
export async function signInWithCookie(
  app: FastifyInstance,
  user: Pick<TestUser, 'phone' | 'password' | 'ip'>,
  rememberMe = false,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': user.ip, ...ownSite(app) },
    payload: { phoneNumber: user.phone, password: user.password, rememberMe },
  });
  const cookie = response.cookies.find((entry) => entry.name === 'marco_session');
  if (response.statusCode !== 200 || !cookie) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return cookie.value;
}

export interface MultipartField {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: MultipartField[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----marco${randomInt(0, 1e9)}`;
  const chunks: Buffer[] = [];
  for (const field of fields) {
    const disposition = `form-data; name="${field.name}"${field.filename ? `; filename="${field.filename}"` : ''}`;
    const type = field.contentType ? `\r\nContent-Type: ${field.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof field.data === 'string' ? Buffer.from(field.data) : field.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
