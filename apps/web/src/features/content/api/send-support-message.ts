import type { SupportContact } from '@marco/contract/support';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The contact form of /about#support; staff receive it through the Mailer. */
export function sendSupportMessage(input: SupportContact): Promise<unknown> {
  return apiFetch('support-public/contact', { method: 'POST', body: input });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
