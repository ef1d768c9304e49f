import type { APIRequestContext } from 'playwright-core';
import { fromSite } from './browser.js';

type Response = Awaited<ReturnType<APIRequestContext['get']>>;

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Member {
  userId: string;
  phone: string;
  password: string;
}

/**
 * Creates an account through the sign-up calls (code from the dev outbox), without signing
 * in anywhere: the journey signs in through the login page, or with `signIn`.
 */
export async function registerMember(
  request: APIRequestContext,
  name: string,
  surname: string,
  origin?: string,
): Promise<Member> {
  const phone = `+90536${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const password = `Galata-${Math.floor(Math.random() * 1e9)}-view`;
  const { userId } = await json<{ userId: string }>(
    await request.post('/api/app/custom-user-account-public/register-with-phone', {
      headers: fromSite(origin),
      data: { phoneNumber: phone, name, surname, extraProperties: { termsConsent: true, privacyConsent: true } },
    }),
  );
  const outbox = await json<{ data: Array<{ recipient: string; text: string }> }>(await request.get('/api/dev/outbox'));
  const code = outbox.data.findLast((entry) => entry.recipient === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const { registrationToken } = await json<{ registrationToken: string }>(
    await request.post('/api/app/custom-user-account-public/check-phone-code', {
      headers: fromSite(origin),
      data: { userId, code },
    }),
  );
  await json(
    await request.post('/api/app/custom-user-account-public/set-password-for-phone', {
      headers: fromSite(origin),
      data: { userId, password, registrationToken },
    }),
  );
  return { userId, phone, password };
}

/**
 * The address a member's sign-ins come from (a documentation range, RFC 5737), one per member:
 * every journey runs on this machine, and the server allows one address 30 sign-ins in 15
 * minutes (its server trusts X-Forwarded-For, as behind a load balancer).
 */
const addressOf = (member: Pick<Member, 'phone'>) => `198.51.100.${(Number(member.phone.slice(-3)) % 254) + 1}`;

/** Signs `member` in inside the context that owns `request` (session cookie). */
export async function signIn(
  request: APIRequestContext,
  member: Pick<Member, 'phone' | 'password'>,
  origin?: string,
): Promise<void> {
  await json(
    await request.post('/api/auth/login', {
      headers: { ...fromSite(origin), 'x-forwarded-for': addressOf(member) },
      data: { phoneNumber: member.phone, password: member.password, rememberMe: true },
    }),
  );
}
