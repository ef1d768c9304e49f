import { useEffect, useState } from 'react';
import { useUser } from '@/features/auth/hooks/use-user';
import { adoptConsent, readConsent, setSaveConsentToServer } from '@/lib/consent';
import { getMyConsent, saveMyConsent } from '../api/my-consent';

/**
 * spec §2: a member's consent lives on the server (with time and version), a visitor's in
 * the cookie. While someone is signed in, every choice is also sent to the server; at
 * sign-in the newer of the two choices wins: the server's is taken over on this device,
 * or the one made here (e.g. as a visitor just before signing in) is recorded for the member.
 *
 * `isSettled` turns true once it is known whose choice applies: for a visitor when the session
 * has loaded, for a member when the server's choice has been fetched too. Until then the banner
 * stays hidden, so a member who answered on another device is not asked for a moment.
 */
export function useConsentServerSync(): { isSettled: boolean } {
  const { user, isLoading } = useUser();
  const userId = user?.id ?? null;
  const [syncedUserId, setSyncedUserId] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    const removeHandler = setSaveConsentToServer(async (record) => {
      await saveMyConsent(record);
    });
    getMyConsent().then(
      (stored) => {
        if (!isCurrent) return;
        const local = readConsent();
        if (stored && (!local || Date.parse(stored.time) >= Date.parse(local.time))) {
          adoptConsent(stored);
        } else if (local) {
          // A failed upload is retried by the member's next choice; the cookie holds meanwhile.
          saveMyConsent(local).catch(() => {});
        }
        setSyncedUserId(userId);
      },
      // Loading is best effort: without an answer, the choice on this device stays in force.
      () => {
        if (isCurrent) setSyncedUserId(userId);
      },
    );
    return () => {
      isCurrent = false;
      removeHandler();
    };
  }, [userId]);

  return { isSettled: !isLoading && (userId === null || syncedUserId === userId) };
}
