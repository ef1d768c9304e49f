import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, newIp } from '../../../test/factories.js';
import { clientBugReports } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (payload: object, headers: Record<string, string> = { 'x-forwarded-for': newIp() }) =>
  t.app.inject({ method: 'POST', url: '/api/app/report-client-bug-public/create', headers, payload });

describe('feedback (report-client-bug-public/create)', () => {
  it("stores a visitor's report with page, app version and browser", async () => {
    const response = await report(
      { description: 'The date picker closes too early', page: '/en/guides', appVersion: 'marco-app-1.0' },
      { 'x-forwarded-for': newIp(), 'user-agent': 'Mozilla/5.0 Test', 'accept-language': 'de' },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(clientBugReports)
      .where(eq(clientBugReports.id, response.json().id));
    expect(row).toMatchObject({
      userId: null,
      description: 'The date picker closes too early',
      page: '/en/guides',
      appVersion: 'marco-app-1.0',
      browser: 'Mozilla/5.0 Test',
      locale: 'de',
    });
  });

  it('links the report to a signed-in reporter', async () => {
    const user = await createUser(t.app);
    const response = await report({ description: 'Typo on settings' }, user.headers);
    const [row] = await t.database.db
      .select()
      .from(clientBugReports)
      .where(eq(clientBugReports.id, response.json().id));
    expect(row?.userId).toBe(user.userId);
  });

  it('refuses an empty description', async () => {
    for (const body of [{}, { description: '   ' }, { description: 'x'.repeat(4001) }]) {
      const response = await report(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('limits reports per caller address', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push((await report({ description: `n${index}` }, headers)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
