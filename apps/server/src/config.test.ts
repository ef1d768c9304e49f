import { describe, expect, it } from 'vitest';
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

  it('asks for the credentials a real provider needs', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
  });
});
