import { describe, expect, it } from 'vitest';
import { assertStrongPassword, hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import { toE164 } from './phone.js';

describe('phone numbers', () => {
  it('normalises valid numbers to E.164 and refuses the rest', () => {
    expect(toE164('+90 532 123 45 67')).toBe('+905321234567');
    expect(toE164('+1 (415) 555-2671')).toBe('+14155552671');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    for (const bad of ['05321234567', '+90 123', '+999 1234567', '', 'phone']) expect(toE164(bad), bad).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Galata-kulesi-1348');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Galata-kulesi-1348')).toBe(true);
    expect(await verifyPassword(hash, 'galata-kulesi-1348')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('knows the 10,000 most common passwords, in any letter case', () => {
    for (const common of ['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'football']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword('Galata-kulesi-1348')).toBe(false);
  });

  it('refuses short and common passwords with PASSWORD_TOO_WEAK on the field', () => {
    expect(() => assertStrongPassword('short', 'body.password')).toThrow(/at least 8/);
    try {
      assertStrongPassword('baseball', 'body.newPassword');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'PASSWORD_TOO_WEAK',
        details: { issues: [{ path: 'body.newPassword' }] },
      });
    }
    expect(() => assertStrongPassword('Galata-kulesi-1348', 'body.password')).not.toThrow();
  });
});
