import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp, type TestUser } from '../../../test/factories.js';
import { cookieConsents } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const URL = '/api/app/consent-public/my-consent';
const clock = new ManualClock('2030-03-01T09:00:00.000Z');
let t: TestApp;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  member = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: URL, headers });
const save = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload });
const choice = (marketing: boolean) => ({
  choices: { personalisation: false, marketing, profiling: false },
  version: LEGAL_VERSIONS.cookies,
});

describe('member consent (consent-public/my-consent)', () => {
  it('answers null before the first choice', async () => {
    const response = await read(member.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ consent: null });
  });

  it('records each change with server time and policy version, keeping the history', async () => {
    const first = await save(member.headers, choice(true));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...choice(true), time: '2030-03-01T09:00:00.000Z' });

    clock.advance(3600);
    const withdrawn = await save(member.headers, choice(false));
    expect(withdrawn.json()).toMatchObject({ choices: { marketing: false }, time: '2030-03-01T10:00:00.000Z' });

    expect((await read(member.headers)).json()).toEqual({
      consent: { ...choice(false), time: '2030-03-01T10:00:00.000Z' },
    });
    const rows = await t.database.db.select().from(cookieConsents).where(eq(cookieConsents.userId, member.userId));
    expect(rows.map((row) => row.marketing).sort()).toEqual([false, true]);
    expect(rows.every((row) => row.version === LEGAL_VERSIONS.cookies)).toBe(true);
  });

  it('adds no history row when the choice in force is sent again', async () => {
    clock.advance(60);
    const again = await save(member.headers, choice(false));
    expect(again.json().time).toBe('2030-03-01T10:00:00.000Z');
    const rows = await t.database.db.select().from(cookieConsents).where(eq(cookieConsents.userId, member.userId));
    expect(rows).toHaveLength(2);
  });

  it("never shows one member's choice to another", async () => {
    expect((await read(other.headers)).json()).toEqual({ consent: null });
    await save(other.headers, {
      ...choice(false),
      choices: { personalisation: true, marketing: false, profiling: true },
    });
    expect((await read(member.headers)).json().consent.choices).toEqual(choice(false).choices);
  });

  it('refuses visitors: their choice stays in the cookie', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    expect((await read(headers)).statusCode).toBe(401);
    expect((await save(headers, choice(true))).statusCode).toBe(401);
  });

  it('refuses a missing purpose, a non-boolean choice and an outdated policy version', async () => {
    const cases: Array<[object, string]> = [
      [
        { choices: { personalisation: true, marketing: true }, version: LEGAL_VERSIONS.cookies },
        'body.choices.profiling',
      ],
      [{ ...choice(true), choices: { ...choice(true).choices, marketing: 'yes' } }, 'body.choices.marketing'],
      [{ ...choice(true), version: '2020-01-01' }, 'body.version'],
      [{ choices: choice(true).choices }, 'body.version'],
    ];
    for (const [payload, path] of cases) {
      const response = await save(member.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});
