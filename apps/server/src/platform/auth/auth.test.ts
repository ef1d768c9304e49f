import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireRole, requireUser, userOf } from './index.js';
import { redactUrl } from './redact.js';

const requestWith = (user: FastifyRequest['user']) => ({ user }) as FastifyRequest;
const staff = { id: 'u1', roles: ['staff'], sessionId: 's1', client: 'web' };
const traveller = { ...staff, roles: [] };

describe('route guards', () => {
  it('requireUser refuses visitors with 401', async () => {
    await expect(requireUser(requestWith(null))).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(requireUser(requestWith(traveller))).resolves.toBeUndefined();
    expect(() => userOf(requestWith(null))).toThrow();
    expect(userOf(requestWith(traveller))).toBe(traveller);
  });

  it("requireRole('staff') refuses visitors with 401 and other users with 403", async () => {
    const guard = requireRole('staff');
    await expect(guard(requestWith(null))).rejects.toMatchObject({ status: 401 });
    await expect(guard(requestWith(traveller))).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(guard(requestWith(staff))).resolves.toBeUndefined();
  });
});

describe('log redaction', () => {
  it('hides passwords, tokens and codes in URLs', () => {
    expect(redactUrl('/api/x?token=123456&newPassword=Secret-1&locale=tr')).toBe(
      '/api/x?token=[redacted]&newPassword=[redacted]&locale=tr',
    );
    expect(redactUrl('/api/y?code=1&phoneNumber=%2B90')).toBe('/api/y?code=[redacted]&phoneNumber=%2B90');
  });
});
