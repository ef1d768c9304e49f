import type { Locale } from '@marco/contract/locales';
import type { OnboardingItem } from '@marco/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Home page texts for the three feature steps and the become-a-guide steps, in `locale`. */
export async function getOnboardingContent(locale: Locale, signal?: AbortSignal): Promise<OnboardingItem[]> {
  const body = await apiFetch<{ data: OnboardingItem[] }>(
    'onboarding-content-public-public/get-onboarding-content-public',
    { query: { locale }, signal },
  );
  return Array.isArray(body?.data) ? body.data : [];
}

export const onboardingContentQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['onboarding-content', locale],
    queryFn: ({ signal }) => getOnboardingContent(locale, signal),
    staleTime: 60 * 60 * 1000,
  });

export function useOnboardingContent(locale: Locale) {
  return useQuery(onboardingContentQueryOptions(locale));
}

/** Items of one kind, in their display order. */
export function stepsOfKind(items: readonly OnboardingItem[], kind: OnboardingItem['kind']): OnboardingItem[] {
  return items.filter((item) => item.kind === kind).sort((a, b) => a.position - b.position);
}
