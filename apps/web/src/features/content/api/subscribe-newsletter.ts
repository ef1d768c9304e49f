import type { Locale } from '@marco/contract/locales';
import type { NewsletterSubscribe } from '@marco/contract/newsletter';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type NewsletterSubscription = { status: 'pending' | 'subscribed' };

/** Footer newsletter sign-up; `pending` means a confirmation e-mail was sent (in `locale`). */
export function subscribeNewsletter(input: { email: string; locale?: Locale }): Promise<NewsletterSubscription> {
  const body: NewsletterSubscribe = { email: input.email.trim(), locale: input.locale };
  return apiFetch<NewsletterSubscription>('newsletter-public/subscribe', { method: 'POST', body });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
