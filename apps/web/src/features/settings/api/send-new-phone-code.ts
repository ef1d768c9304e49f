import type { CodeSent } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Texts a code to the new number; `userId` is the caller's own id. */
export function sendNewPhoneCode(input: { userId: string; phoneNumber: string }): Promise<CodeSent> {
  return apiFetch<CodeSent>(
    `custom-user-account-public/send-new-phone-number-verification-code/${encodeURIComponent(input.userId)}`,
    { method: 'POST', body: { phoneNumber: input.phoneNumber } },
  );
}

export function useSendNewPhoneCode() {
  return useMutation({ mutationFn: sendNewPhoneCode });
}
