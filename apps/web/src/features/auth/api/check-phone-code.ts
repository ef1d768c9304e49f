import type { ConfirmPhoneCode, PhoneCodeConfirmed } from '@marco/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Phone sign-up, step 2: answers the registration token of the password step. */
export function checkPhoneCode(input: ConfirmPhoneCode): Promise<PhoneCodeConfirmed> {
  return apiFetch<PhoneCodeConfirmed>('custom-user-account-public/check-phone-code', { method: 'POST', body: input });
}

export function useCheckPhoneCode() {
  return useMutation({ mutationFn: checkPhoneCode });
}
