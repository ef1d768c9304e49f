import type { CurrentUser } from '@marco/contract/auth';
import { useSession } from '../api/get-session';

export type UserState = {
  /** The signed-in user, or null for a visitor (and while the session loads). */
  user: CurrentUser | null;
  /** True until the first answer of the session call. */
  isLoading: boolean;
  isSignedIn: boolean;
};

/** spec §4: authenticated means the session call answered a user. */
export function useUser(): UserState {
  const { data, isPending } = useSession();
  const user = data ?? null;
  return { user, isLoading: isPending, isSignedIn: user !== null };
}

/** The name to greet a user by: first name, else full name, else phone number. */
export function displayNameOf(user: Pick<CurrentUser, 'name' | 'surname' | 'phoneNumber' | 'userName'>): string {
  const name = [user.name, user.surname].filter(Boolean).join(' ').trim();
  return name || user.phoneNumber || user.userName;
}
