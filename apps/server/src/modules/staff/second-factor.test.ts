import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, newIp, ownSite, signInWithCookie } from '../../../test/factories.js';
import { createStaff, STAFF_API, totpCode } from '../../../test/staff-factories.js';
import { staffRecoveryCodes, staffTotp, users } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const clock = new ManualClock('2026-06-01T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${STAFF_API}${url}`, headers, ...(payload ? { payload } : {}) });
const status = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: `${STAFF_API}/second-factor`, headers })).json();
const queue = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/app/admin/guides', headers });

/** A second session of the same account, as a new sign-in on another device makes. */
async function newSession(phone: string, password: string): Promise<Headers> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newIp() },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'Mobile', username: phone, password }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bearer(response.json().access_token);
}

describe('staff second factor (TOTP, RFC 6238)', () => {
  it('enrols at the first sign-in with a QR code, confirms with a computed code, and only then opens staff routes', async () => {
    const staff = await createStaff(t.app, t.database.db, { enrol: false });
    expect(await status(staff.headers)).toEqual({
      roles: ['support'],
      enrolled: false,
      verified: false,
      recoveryCodesLeft: 0,
    });
    const refused = await queue(staff.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual({ reason: 'second_factor_required' });

    const enrolment = await post(staff.headers, '/second-factor/enrol');
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = enrolment.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Marco:${encodeURIComponent(staff.phone)}?issuer=Marco&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(qrCodeDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    const wrong = await post(staff.headers, '/second-factor/enrol/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await queue(staff.headers)).statusCode).toBe(403);

    const confirm = await post(staff.headers, '/second-factor/enrol/confirm', { code: totpCode(secret, clock.now()) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await queue(staff.headers)).statusCode).toBe(200);
    expect(await status(staff.headers)).toMatchObject({ enrolled: true, verified: true, recoveryCodesLeft: 10 });

    // Only hashes are kept, and a confirmed authenticator cannot be replaced by enrolling again.
    const stored = await t.database.db
      .select({ codeHash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, staff.userId));
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);
    expect(JSON.stringify(stored)).not.toContain((recoveryCodes[0] as string).replace('-', ''));
    const again = await post(staff.headers, '/second-factor/enrol');
    expect(again.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(staffTotp).where(eq(staffTotp.userId, staff.userId));
    expect(row?.secret).toBe(secret);
  });

  it('asks every new session for a code; a code works once, a recovery code works once', async () => {
    const staff = await createStaff(t.app, t.database.db);
    clock.advance(60);
    const phone = await newSession(staff.phone, staff.password);
    expect(await status(phone)).toMatchObject({ enrolled: true, verified: false });
    expect((await queue(phone)).statusCode).toBe(403);

    const code = totpCode(staff.totpSecret, clock.now());
    expect((await post(phone, '/second-factor/verify', { code })).statusCode).toBe(200);
    expect((await queue(phone)).statusCode).toBe(200);

    // The same code again, from another session: refused (replay).
    const laptop = await newSession(staff.phone, staff.password);
    const replay = await post(laptop, '/second-factor/verify', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_VERIFICATION_CODE');

    const recoveryCode = (staff.recoveryCodes[3] as string).toUpperCase().replace('-', ' ');
    const recovered = await post(laptop, '/second-factor/verify', { recoveryCode });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({ verified: true, recoveryCodesLeft: 9 });
    expect((await queue(laptop)).statusCode).toBe(200);

    const tablet = await newSession(staff.phone, staff.password);
    const reused = await post(tablet, '/second-factor/verify', { recoveryCode: staff.recoveryCodes[3] });
    expect(reused.statusCode).toBe(400);
    expect((await queue(tablet)).statusCode).toBe(403);
  });

  it('accepts a code from the step before or after (clock drift), not two steps away', async () => {
    const staff = await createStaff(t.app, t.database.db);
    clock.advance(120);
    const session = await newSession(staff.phone, staff.password);
    const stale = totpCode(staff.totpSecret, new Date(clock.now().getTime() - 90_000));
    expect((await post(session, '/second-factor/verify', { code: stale })).statusCode).toBe(400);
    const early = totpCode(staff.totpSecret, new Date(clock.now().getTime() + 30_000));
    expect((await post(session, '/second-factor/verify', { code: early })).statusCode).toBe(200);
  });

  it('allows five attempts in five minutes, then answers 429 even to the right code', async () => {
    const staff = await createStaff(t.app, t.database.db);
    clock.advance(60);
    const session = await newSession(staff.phone, staff.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(session, '/second-factor/verify', { code: '123456' })).statusCode).toBe(400);
    }
    const code = totpCode(staff.totpSecret, clock.now());
    const limited = await post(session, '/second-factor/verify', { code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    clock.advance(301);
    expect(
      (await post(session, '/second-factor/verify', { code: totpCode(staff.totpSecret, clock.now()) })).statusCode,
    ).toBe(200);
  });

  it('makes ten new recovery codes for a current code, and the old ones stop working', async () => {
    const staff = await createStaff(t.app, t.database.db);
    clock.advance(60);
    const renewed = await post(staff.headers, '/second-factor/recovery-codes', {
      code: totpCode(staff.totpSecret, clock.now()),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { recoveryCodes } = renewed.json();
    expect(recoveryCodes).toHaveLength(10);
    const session = await newSession(staff.phone, staff.password);
    expect((await post(session, '/second-factor/verify', { recoveryCode: staff.recoveryCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await post(session, '/second-factor/verify', { recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('works the same for the web cookie, which keeps its second factor until sign-out', async () => {
    const staff = await createStaff(t.app, t.database.db);
    clock.advance(60);
    const cookie = { cookie: `marco_session=${await signInWithCookie(t.app, staff)}` };
    expect((await queue(cookie)).statusCode).toBe(403);
    const code = totpCode(staff.totpSecret, clock.now());
    const verified = await post({ ...cookie, ...ownSite(t.app) }, '/second-factor/verify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await queue(cookie)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: { ...cookie, ...ownSite(t.app) },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await queue(cookie)).statusCode).toBe(401);
  });

  it('refuses the second-factor calls to visitors (401) and to users without a staff role (403)', async () => {
    const staff = await createStaff(t.app, t.database.db, { enrol: false });
    const traveller = await newSession(staff.phone, staff.password);
    await t.database.db.update(users).set({ roles: [] }).where(eq(users.id, staff.userId));
    for (const [method, url] of [
      ['GET', '/second-factor'],
      ['POST', '/second-factor/enrol'],
    ] as const) {
      expect((await t.app.inject({ method, url: `${STAFF_API}${url}` })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url: `${STAFF_API}${url}`, headers: traveller })).statusCode).toBe(403);
    }
  });
});
