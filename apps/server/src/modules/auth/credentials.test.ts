import { PasswordSchema } from '@marco/contract/auth';
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

  // NIST SP 800-63B: length after normalisation, no composition rules, a list of common ones.
  const refusal = (password: string) => {
    try {
      assertStrongPassword(password, 'body.password');
      return null;
    } catch (error) {
      return (error as { code: string; message: string }).code === 'PASSWORD_TOO_WEAK'
        ? (error as Error).message
        : 'other';
    }
  };
  const schemaRefusal = (password: string) => {
    const result = PasswordSchema.safeParse(password);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('refuses eight spaces, and any password of whitespace only', () => {
    for (const blank of ['        ', '\t\t\t\t\t\t\t\t', '\u3000'.repeat(8), ` ${'\u200b'.repeat(7)}`]) {
      expect(refusal(blank), JSON.stringify(blank)).toBe('Password cannot be only spaces');
      expect(schemaRefusal(blank), JSON.stringify(blank)).toBe('Password cannot be only spaces');
    }
  });

  it('refuses common passwords whatever their letter case or width', () => {
    for (const common of ['password1', 'PassWord1', 'ｐａｓｓｗｏｒｄ１', 'Iloveyou']) {
      expect(refusal(common), common).toBe('This password is too common; choose another one');
    }
  });

  it('accepts a long passphrase of lowercase words: no composition rules', () => {
    expect(refusal('correct horse battery staple')).toBeNull();
    expect(schemaRefusal('correct horse battery staple')).toBeNull();
    expect(refusal('kedi köpek balık')).toBeNull();
  });

  it('counts characters after NFKC: eight code points that normalise to four characters are too short', () => {
    // "é" typed as e + combining acute accent, four times: 8 code points, 4 characters.
    const combining = 'e\u0301'.repeat(4);
    expect(combining).toHaveLength(8);
    expect(refusal(combining)).toBe('Password must be at least 8 characters');
    expect(schemaRefusal(combining)).toBe('Password must be at least 8 characters');
    // The other way round: four ligatures (ﬁ ﬂ ﬁ ﬂ) are 8 letters once normalised.
    expect(refusal('\ufb01\ufb02'.repeat(2))).toBeNull();
    expect(schemaRefusal('\ufb01\ufb02'.repeat(2))).toBeNull();
  });

  it('signs in with the password typed in another normal form, and still verifies hashes made before', async () => {
    const hash = await hashPassword('Çamlıca-tepesi-\u00e9');
    expect(await verifyPassword(hash, 'Çamlıca-tepesi-e\u0301')).toBe(true);
    const { hash: argon2 } = await import('@node-rs/argon2');
    const typedAsIs = await argon2('Ürgüp-e\u0301-1234');
    expect(await verifyPassword(typedAsIs, 'Ürgüp-e\u0301-1234')).toBe(true);
  });
});
