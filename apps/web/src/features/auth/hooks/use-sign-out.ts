import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useLocalePath } from '@/i18n/use-locale';
import { deleteSession } from '../api/delete-session';
import { SESSION_QUERY_KEY } from '../api/get-session';
import { clearAuthStorage } from '../utils/auth-storage';

export type SignOutReason =
  /** The user chose to log out. */
  | 'user'
  /** A call answered 401 (spec §4: automatic logout). */
  | 'expired'
  /** The account was deleted; the server already ended the session. */
  | 'deleted';

export type SignOutOptions = {
  reason?: SignOutReason;
  /** App path to go to afterwards; spec §4: `/`. */
  to?: string;
  /** No toast: the caller tells the user what happened. */
  quiet?: boolean;
};

/** Public lists shared by every visitor survive a sign-out; everything else is the user's. */
const isKeptQuery = (query: Query) =>
  query.queryKey[0] === 'reference' ||
  (query.queryKey[0] === SESSION_QUERY_KEY[0] && query.queryKey[1] === SESSION_QUERY_KEY[1]);

// One sign-out at a time: several calls failing with 401 together sign out once.
let inProgress: Promise<void> | null = null;

/**
 * The query cache tells pages of the ended session a task later (it notifies in a timeout), by
 * when the navigation may be done: pages must see the session gone while the sign-out still
 * shows, or a members-only page would ask to log in.
 */
const untilPagesHaveRendered = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Calls of this page that end its own session (an account deletion) still waiting for their answer. */
let endingOwnSession = 0;

/**
 * Runs `work`, a call that ends this page's own session (deleting the account). The server
 * tells the session's socket at once, before the call answers; meanwhile that and any 401 do
 * not sign out as "expired": the caller signs out with its own reason when the call answers.
 */
export async function whileEndingOwnSession<T>(work: () => Promise<T>): Promise<T> {
  endingOwnSession += 1;
  try {
    return await work();
  } finally {
    endingOwnSession -= 1;
  }
}

/** True while a sign-out is leaving the page: members-only pages then wait instead of asking to log in. */
export function isSigningOut(): boolean {
  return inProgress !== null;
}

/**
 * spec §4: logout clears the session, the cached user data and the stored registration
 * and reset flows, shows 'Logged out' for 3000 ms and goes to `/`.
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { toast } = useToast();
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');

  return useCallback(
    ({ reason = 'user', to = '/', quiet = false } = {}) => {
      if (reason === 'expired' && endingOwnSession > 0 && !inProgress) return Promise.resolve();
      inProgress ??= (async () => {
        if (reason !== 'deleted') {
          try {
            await deleteSession();
          } catch {
            // The cookie may already be gone; signing out locally is what matters.
          }
        }
        clearAuthStorage();
        await queryClient.cancelQueries();
        queryClient.setQueryData(SESSION_QUERY_KEY, null);
        queryClient.removeQueries({ predicate: (query) => !isKeptQuery(query) });
        await navigate(localize(to));
        if (quiet) return;
        if (reason === 'expired') {
          toast({
            color: 'warning',
            title: tErrors('SESSION_EXPIRED.title'),
            description: tErrors('SESSION_EXPIRED.description'),
          });
        } else if (reason === 'deleted') {
          toast({ color: 'success', title: t('accountDeleted.title'), description: t('accountDeleted.description') });
        } else {
          // spec §4, §9: the logout toast stays 3000 ms.
          toast({ color: 'success', title: t('signOut.title'), description: t('signOut.description'), timeout: 3000 });
        }
      })()
        .finally(untilPagesHaveRendered)
        .finally(() => {
          inProgress = null;
        });
      return inProgress;
    },
    [queryClient, navigate, localize, toast, t, tErrors],
  );
}
