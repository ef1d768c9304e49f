import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setOnUnauthorized } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '../api/get-session';
import { useSignOut } from '../hooks/use-sign-out';

/**
 * spec §4: any 401 answer signs the user out. A visitor's 401s (the session check, a wrong
 * password at login) change nothing: there is no one to sign out.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  useEffect(
    () =>
      setOnUnauthorized(() => {
        if (queryClient.getQueryData(SESSION_QUERY_KEY)) void signOut({ reason: 'expired' });
      }),
    [queryClient, signOut],
  );

  return null;
}
