import { useParams } from 'react-router';
import { availableDaysQueryOptions } from '@/features/discovery/api/get-available-days';
import { guideDetailQueryOptions } from '@/features/discovery/api/get-guide-detail';
import { guideReviewsQueryOptions } from '@/features/discovery/api/get-guide-reviews';
import { GuideProfile } from '@/features/discovery/components/guide-profile';
import { currenciesQueryOptions } from '@/features/settings/api/get-currencies';
import type { PrefetchHandle } from '@/ssr/prefetch';

/** `/guides/{guider}` (spec §2): a guide's public page; {guider} is the guide id or user id. */
export function GuideDetailPage() {
  const { guider = '' } = useParams();
  // A new guide is a new page: no state (gallery, wizard) carries over.
  return <GuideProfile key={guider} guideId={guider} />;
}

/**
 * What the profile asks for, for the server to fetch first (ssr/prefetch.ts): the guide, then
 * what its page shows of them (booking prices, free days, the first reviews when there are any).
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
