import type { ReviewList } from '@marco/contract/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const REVIEWS_PAGE_SIZE = 5;

/** `GET review-public/guide/{guideId}?page=&pageSize=`: the guide's reviews, newest first. */
export function getGuideReviews(guideId: string, page: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiFetch<ReviewList>(`review-public/guide/${encodeURIComponent(guideId)}`, {
    query: { page, pageSize: REVIEWS_PAGE_SIZE },
    signal,
  });
}

/** Reviews page by page ("show more" appends the next page). */
export const guideReviewsQueryOptions = (guideId: string) =>
  infiniteQueryOptions({
    queryKey: ['discovery', 'reviews', guideId],
    queryFn: ({ pageParam, signal }) => getGuideReviews(guideId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ReviewList) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

export function useGuideReviews(guideId: string, enabled: boolean) {
  return useInfiniteQuery({ ...guideReviewsQueryOptions(guideId), enabled });
}
