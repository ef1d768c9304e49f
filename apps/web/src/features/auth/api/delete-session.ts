import { apiFetch } from '@/lib/api-client';

/** Signs out on the server: revokes the session and clears the cookie. */
export function deleteSession(): Promise<unknown> {
  return apiFetch('/api/auth/session', { method: 'DELETE' });
}
