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
 * prompt does. A code is used once per account, so when this step's code was already used
 * (another session of the same account a moment ago), the next step's, which the server
 * also accepts, is sent.
 */
export async function passSecondFactor(request: APIRequestContext, origin: string, secret: string): Promise<void> {
  for (const stepsAhead of [0, 1]) {
    const response = await request.post('/api/app/staff/second-factor/verify', {
      headers: { origin },
      data: { code: totpCode(secret, stepsAhead) },
    });
    if (response.ok()) return;
    if (response.status() !== 400) throw new Error(`second factor: ${response.status()} ${await response.text()}`);
  }
  throw new Error('second factor: both codes of this minute were already used');
}

/** Puts a staff session that passed the second factor (global setup's) into a browser's cookie jar. */
export async function addStaffSession(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'marco_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
}
