import { TOTP } from 'otpauth';
import type { APIRequestContext, BrowserContext } from 'playwright-core';

/** The demo staff account's authenticator secret, as the README publishes it. */
export const DEMO_STAFF_TOTP_SECRET = 'MARCODEMOSTAFFTOTPSECRETFORDEMOS';

/** The RFC 6238 code an authenticator app shows for `secret` (SHA-1, 6 digits, 30 s), `stepsAhead` steps on. */
export function totpCode(secret: string, stepsAhead = 0, at = Date.now()): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at + stepsAhead * 30_000,
  });
}

/**
 * Passes the second factor for a signed-in staff session through the API, as the code
 * prompt does. The server takes a code only from a later time step than the last code it
 * took for the account, so when this step's code is spent (another session of the same
 * account a moment ago) the next step's, which it also accepts, is sent; when that one is
 * spent too, the next step is waited for, as a person would wait for the app's next code.
 */
export async function passSecondFactor(request: APIRequestContext, origin: string, secret: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    for (const stepsAhead of [0, 1]) {
      const response = await request.post('/api/app/staff/second-factor/verify', {
        headers: { origin },
        data: { code: totpCode(secret, stepsAhead) },
      });
      if (response.ok()) return;
      if (response.status() !== 400) throw new Error(`second factor: ${response.status()} ${await response.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error('second factor: no code of the last minute and a half was taken');
}

const demoStaffSessions = new Map<string, Promise<string>>();

/**
 * Signs the demo staff account in on `context`: the first time per site through the password
 * and the authenticator code, afterwards with that session's cookie. Every code spends a time
 * step, so a journey that opens several staff windows would otherwise wait for the app.
 */
export async function signInDemoStaff(
  context: BrowserContext,
  site: string,
  phoneNumber: string,
  password: string,
): Promise<void> {
  let session = demoStaffSessions.get(site);
  if (!session) {
    session = (async () => {
      const login = await context.request.post('/api/auth/login', {
        headers: { origin: site },
        data: { phoneNumber, password, rememberMe: true },
      });
      if (!login.ok()) throw new Error(`sign-in of the demo staff: ${login.status()} ${await login.text()}`);
      await passSecondFactor(context.request, site, DEMO_STAFF_TOTP_SECRET);
      const cookie = (await context.cookies(site)).find(({ name }) => name === 'marco_session');
      if (!cookie) throw new Error('sign-in of the demo staff set no session cookie');
      return cookie.value;
    })();
    demoStaffSessions.set(site, session);
    await session;
    return;
  }
  await addStaffSession(context, site, await session);
}

/** Puts a staff session that passed the second factor (global setup's) into a browser's cookie jar. */
export async function addStaffSession(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'marco_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
}
