import { currenciesQueryOptions } from '@/features/settings/api/get-currencies';
import type { PrefetchHandle } from '@/ssr/prefetch';
import { availableDaysQueryOptions } from './get-available-days';
import { guideDetailQueryOptions } from './get-guide-detail';
import { guideReviewsQueryOptions } from './get-guide-reviews';

/**
 * What a guide's profile asks for: the guide, then what its page shows of them (booking
 * prices, free days, the first reviews when there are any). The server fetches it before it
 * renders the page (ssr/prefetch.ts); the browser starts it as a visitor navigates to the
 * page, beside the page's code (app/navigation-prefetch.ts). Apart from the page, so the route
 * holds it without the page's code.
 */
export const guideDetailPageHandle: PrefetchHandle = {
  prefetch: async ({ queryClient, params, locale }) => {
    const guide = await queryClient.fetchQuery(guideDetailQueryOptions(params.guider ?? '', locale)).catch(() => null);
    if (!guide) return;
    await Promise.all([
      queryClient.prefetchQuery(currenciesQueryOptions(locale)),
      queryClient.prefetchQuery(availableDaysQueryOptions(guide.id)),
      guide.reviewCount > 0 ? queryClient.prefetchInfiniteQuery(guideReviewsQueryOptions(guide.id)) : undefined,
    ]);
  },
};
