import { describe, expect, it } from 'vitest';
import { generateVAPIDKeys } from 'web-push';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000, ./data and the embedded adapters', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect([config.SMS_PROVIDER, config.MAIL_PROVIDER]).toEqual(['outbox', 'outbox']);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('stops with a message naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT="eighty"/);
      expect((error as Error).message).toMatch(/DATABASE_URL="mysql:\/\/x"/);
    }
  });

  it('takes a read replica only beside a primary PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/marco' })).toThrow(
      /DATABASE_READ_URL=.*set DATABASE_URL too/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary/marco',
      DATABASE_READ_URL: 'postgres://replica/marco',
    });
    expect(config.DATABASE_READ_URL).toBe('postgres://replica/marco');
  });

  it('asks for the credentials a real provider needs', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
  });

  describe('production (NODE_ENV=production)', () => {
    const safe = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://marco.example',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };

    it('refuses the outbox, the sandbox and http, naming every setting and its fix in one message', () => {
      try {
        loadConfig({ NODE_ENV: 'production' });
        expect.unreachable('production started with development parts');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        expect(message).toMatch(/SMS_PROVIDER=outbox: .*SMS_PROVIDER=twilio/);
        expect(message).toMatch(/MAIL_PROVIDER=outbox: .*MAIL_PROVIDER=smtp/);
        expect(message).toMatch(/PAYMENT_PROVIDER=sandbox: .*PAYMENT_PROVIDER=stripe/);
        expect(message).toMatch(/PUBLIC_URL=http:\/\/localhost:3000: .*https/);
        expect(message).toMatch(/DEMO_SITE=true/);
      }
    });

    it('refuses each unsafe setting alone', () => {
      expect(() => loadConfig({ ...safe, SMS_PROVIDER: 'outbox' })).toThrow(/SMS_PROVIDER=outbox/);
      expect(() => loadConfig({ ...safe, MAIL_PROVIDER: 'outbox' })).toThrow(/MAIL_PROVIDER=outbox/);
      expect(() => loadConfig({ ...safe, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER=sandbox/);
      expect(() => loadConfig({ ...safe, PUBLIC_URL: 'http://marco.example' })).toThrow(/PUBLIC_URL=http:/);
      expect(() => loadConfig({ ...safe, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true/);
    });

    it('seeds no demo and publishes no API docs by default', () => {
      const config = loadConfig(safe);
      expect(config.SEED_DEMO).toBe(false);
      expect(config.API_DOCS).toBe(false);
      expect(loadConfig({ ...safe, API_DOCS: 'true' }).API_DOCS).toBe(true);
    });

    it('allows the demo parts on a declared demo site', () => {
      const config = loadConfig({ NODE_ENV: 'production', DEMO_SITE: 'true' });
      expect(config.SMS_PROVIDER).toBe('outbox');
      expect(config.PAYMENT_PROVIDER).toBe('sandbox');
      expect(config.SEED_DEMO).toBe(true);
    });

    it('keeps the demo on outside production', () => {
      const config = loadConfig({});
      expect(config.SEED_DEMO).toBe(true);
      expect(config.API_DOCS).toBe(true);
      expect(config.DEMO_SITE).toBe(false);
    });
  });

  describe('Web Push (VAPID)', () => {
    const pair = generateVAPIDKeys();
    const vapid = {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@marco.example',
    };

    it('takes the three settings together', () => {
      expect(loadConfig(vapid).VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    });

    it('refuses half a configuration, naming what is missing, in production too', () => {
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY=undefined: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/,
      );
      expect(() =>
        loadConfig({ NODE_ENV: 'production', DEMO_SITE: 'true', VAPID_SUBJECT: vapid.VAPID_SUBJECT }),
      ).toThrow(/VAPID_PUBLIC_KEY=undefined.*\n.*VAPID_PRIVATE_KEY=undefined/);
    });

    it('refuses a private key of another pair, and a subject push services cannot reach', () => {
      const other = generateVAPIDKeys();
      expect(() => loadConfig({ ...vapid, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
        /VAPID_PRIVATE_KEY=.*not the private key of VAPID_PUBLIC_KEY/,
      );
      expect(() => loadConfig({ ...vapid, VAPID_SUBJECT: 'http://marco.example' })).toThrow(/VAPID_SUBJECT=/);
    });
  });
});
