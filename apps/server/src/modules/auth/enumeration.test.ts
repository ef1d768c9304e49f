import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp, newPhone, ownSite, readOutbox } from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { hashPassword } from './passwords.js';
import { generateUserName } from './users.js';

// Issue 15 item 3: nothing the reset flow or sign-in answers tells whether a phone number
// has an account: not the status, not the body, not (beyond noise) the time.

const ACCOUNT = '/api/account/custom-user-account';
const PUBLIC = '/api/app/custom-user-account-public';

const clock = new ManualClock('2030-05-01T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (app: TestApp['app'], url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': newIp(), ...ownSite(app) },
    ...(payload ? { payload } : {}),
  });

const tokenRequest = (app: TestApp['app'], username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newIp() },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'Mobile', username, password }).toString(),
  });

/** Status and body, byte for byte, and the headers that could differ. */
const answerOf = (response: Awaited<ReturnType<typeof post>>) => ({
  status: response.statusCode,
  body: response.body,
  retryAfter: response.headers['retry-after'],
  cookies: response.cookies.length,
});

describe('the reset flow for a known and an unknown number', () => {
  it('answers both alike, byte for byte, on both reset-code calls, and texts only the account', async () => {
    const user = await createUser(t.app);
    const unknown = newPhone();
    const known = await post(t.app, `${ACCOUNT}/forgot-password`, { phoneNumber: user.phone });
    const stranger = await post(t.app, `${ACCOUNT}/forgot-password`, { phoneNumber: unknown });
    expect(known.statusCode).toBe(200);
    expect(answerOf(stranger)).toEqual(answerOf(known));
    expect(known.json()).not.toHaveProperty('userId');

    // Within the minute, a second request is refused the same way for both.
    const againKnown = await post(
      t.app,
      `${PUBLIC}/send-password-reset-code?phoneNumber=${encodeURIComponent(user.phone)}`,
    );
    const againStranger = await post(
      t.app,
      `${PUBLIC}/send-password-reset-code?phoneNumber=${encodeURIComponent(unknown)}`,
    );
    expect(againKnown.statusCode).toBe(429);
    expect(answerOf(againStranger)).toEqual(answerOf(againKnown));

    clock.advance(61);
    const viaQuery = await post(
      t.app,
      `${PUBLIC}/send-password-reset-code?phoneNumber=${encodeURIComponent(user.phone)}`,
    );
    const viaQueryStranger = await post(
      t.app,
      `${PUBLIC}/send-password-reset-code?phoneNumber=${encodeURIComponent(unknown)}`,
    );
    expect(viaQuery.statusCode).toBe(200);
    expect(answerOf(viaQueryStranger)).toEqual(answerOf(viaQuery));

    const texts = (await readOutbox(t.app)).filter((entry) => entry.channel === 'sms');
    expect(texts.some((entry) => entry.recipient === unknown)).toBe(false);
  });

  it('answers a wrong code for an account and any code for a stranger alike', async () => {
    const user = await createUser(t.app);
    clock.advance(61);
    await post(t.app, `${ACCOUNT}/forgot-password`, { phoneNumber: user.phone });
    const known = await post(t.app, `${ACCOUNT}/confirm-password-reset-code`, {
      phoneNumber: user.phone,
      code: '000000',
    });
    const stranger = await post(t.app, `${ACCOUNT}/confirm-password-reset-code`, {
      phoneNumber: newPhone(),
      code: '000000',
    });
    expect(known.statusCode).toBe(400);
    expect(answerOf(stranger)).toEqual(answerOf(known));
  });
});

describe('sign-in for a known and an unknown number', () => {
  it('answers a wrong password and an unknown number alike, and locks both after five failures', async () => {
    const user = await createUser(t.app);
    const unknown = newPhone();
    const login = (phoneNumber: string) =>
      post(t.app, '/api/auth/login', { phoneNumber, password: 'not-the-password' });
    for (let attempt = 1; attempt <= 6; attempt++) {
      const known = await login(user.phone);
      const stranger = await login(unknown);
      expect(known.statusCode, `attempt ${attempt}`).toBe(attempt < 5 ? 401 : 423);
      expect(answerOf(stranger), `attempt ${attempt}`).toEqual(answerOf(known));
    }
  });

  it('does the same at /connect/token', async () => {
    const user = await createUser(t.app);
    const unknown = newPhone();
    for (let attempt = 1; attempt <= 6; attempt++) {
      const known = await tokenRequest(t.app, user.phone, 'not-the-password');
      const stranger = await tokenRequest(t.app, unknown, 'not-the-password');
      expect(known.json().error_code, `attempt ${attempt}`).toBe(
        attempt < 5 ? 'INVALID_CREDENTIALS' : 'ACCOUNT_LOCKED',
      );
      expect(answerOf(stranger), `attempt ${attempt}`).toEqual(answerOf(known));
    }
  });
});

/** An SMS provider that takes its time, as real ones do: the reset answer must not wait for it. */
async function startSlowSmsProvider(delayMs: number) {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        received++;
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[4] ?? 0) + (sorted[5] ?? 0)) / 2;
};

async function timed(request: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await request();
  return performance.now() - started;
}

describe('timing', () => {
  const SMS_DELAY_MS = 300;
  const timingClock = new ManualClock('2030-06-01T10:00:00.000Z');
  let sms: Awaited<ReturnType<typeof startSlowSmsProvider>>;
  let slow: TestApp;
  let knownPhone: string;
  beforeAll(async () => {
    sms = await startSlowSmsProvider(SMS_DELAY_MS);
    slow = await createTestApp({
      clock: timingClock,
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC-test',
        TWILIO_AUTH_TOKEN: 'test-token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: sms.url,
      },
    });
    knownPhone = newPhone();
    await slow.database.db.insert(users).values({
      phoneNumber: knownPhone,
      userName: generateUserName(),
      passwordHash: await hashPassword('Kaçkar-dağları-3932'),
    });
  });
  afterAll(async () => {
    await slow?.close();
    await sms?.close();
  });

  // Medians of ten tries each, interleaved so load on the machine falls on both; the bounds
  // are wide for a busy 2-core machine, yet a provider call or a skipped argon2 check breaks them.
  it('answers a reset request for a known number no slower than for an unknown one', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 10; round++) {
      // Past the cooldown and the hourly limit of texts per number.
      timingClock.advance(3601);
      const textsBefore = sms.received();
      known.push(await timed(() => post(slow.app, `${ACCOUNT}/forgot-password`, { phoneNumber: knownPhone })));
      unknown.push(await timed(() => post(slow.app, `${ACCOUNT}/forgot-password`, { phoneNumber: newPhone() })));
      // The text goes out after the answer; let it finish before the next round.
      while (sms.received() === textsBefore) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(median(known)).toBeLessThan(median(unknown) * 3 + 50);
    expect(median(unknown)).toBeLessThan(median(known) * 3 + 50);
    expect(median(known)).toBeLessThan(SMS_DELAY_MS);
  }, 60_000);

  it('takes as long to refuse an unknown number as a wrong password', async () => {
    const unknownPhone = newPhone();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 10; round++) {
      // A fresh lockout window each round, so both stay unlocked and reach the password check.
      timingClock.advance(901);
      const login = (phoneNumber: string) =>
        post(slow.app, '/api/auth/login', { phoneNumber, password: 'not-the-password' });
      known.push(await timed(() => login(knownPhone)));
      unknown.push(await timed(() => login(unknownPhone)));
    }
    expect(median(known)).toBeLessThan(median(unknown) * 2 + 20);
    expect(median(unknown)).toBeLessThan(median(known) * 2 + 20);
  }, 60_000);
});
