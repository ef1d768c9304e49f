import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('dev outbox', () => {
  it('lists sent messages as JSON, newest last, while the outbox adapters are in use', async () => {
    t = await createTestApp();
    await t.app.deps.sms.send('+905551112233', 'first');
    await t.app.deps.mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'second' });
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().data.map((message: { recipient: string; text: string }) => [message.recipient, message.text]),
    ).toEqual([
      ['+905551112233', 'first'],
      ['a@example.com', 'second'],
    ]);
  });

  it('does not exist when real providers are configured', async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secret',
        TWILIO_FROM: '+15550001111',
        MAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});
