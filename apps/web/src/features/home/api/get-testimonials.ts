import type { Locale } from '@marco/contract/locales';
import type { Testimonial } from '@marco/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const TESTIMONIALS_SHOWN = 6;

/** Recent 4–5 star reviews with a comment (issue 6: `review-public/testimonials`). */
export async function getTestimonials(locale: Locale, signal?: AbortSignal): Promise<Testimonial[]> {
  const body = await apiFetch<{ data: Testimonial[] }>('review-public/testimonials', {
    query: { limit: TESTIMONIALS_SHOWN, locale },
    signal,
  });
  return Array.isArray(body?.data) ? body.data : [];
}

export const testimonialsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['home', 'testimonials', locale],
    queryFn: ({ signal }) => getTestimonials(locale, signal),
    staleTime: 10 * 60 * 1000,
  });

export function useTestimonials(locale: Locale) {
  return useQuery(testimonialsQueryOptions(locale));
}
