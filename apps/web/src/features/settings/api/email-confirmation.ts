import type { MyProfile } from '@marco/contract/accounts';
import {
  EMAIL_CONFIRMATION_CONFIRM_PATH,
  EMAIL_CONFIRMATION_SEND_PATH,
  type EmailConfirmationSent,
} from '@marco/contract/email-confirmation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session';
import { apiFetch } from '@/lib/api-client';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/** Mails a new confirmation link to the user's unconfirmed address (at most 5 an hour). */
export function sendEmailConfirmation(): Promise<EmailConfirmationSent> {
  return apiFetch<EmailConfirmationSent>(EMAIL_CONFIRMATION_SEND_PATH, { method: 'POST' });
}

export function useSendEmailConfirmation() {
  return useMutation({ mutationFn: sendEmailConfirmation });
}

/** Confirms the address with the token of a link; answers the profile with `emailConfirmed` true. */
export function confirmEmail(token: string): Promise<MyProfile> {
  return apiFetch<MyProfile>(EMAIL_CONFIRMATION_CONFIRM_PATH, { method: 'POST', body: { token } });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (profile) => {
      queryClient.setQueryData(MY_PROFILE_QUERY_KEY, profile);
      queryClient.setQueryData(SESSION_QUERY_KEY, (user: object | null | undefined) =>
        user ? { ...user, email: profile.email, emailConfirmed: profile.emailConfirmed } : user,
      );
    },
  });
}
