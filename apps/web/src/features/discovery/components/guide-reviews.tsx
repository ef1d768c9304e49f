import type { Review } from '@marco/contract/reviews';
import { MessageSquareQuote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ReportButton } from '@/features/moderation/components/report-button';
import { useLocale } from '@/i18n/use-locale';
import { dateTimeFormat } from '@/lib/formatting';
import { writtenTextProps } from '@/lib/written-language';
import { useGuideReviews } from '../api/get-guide-reviews';
import { RatingSummary, StarRating } from './star-rating';
import { ErrorState } from './states';

function ReviewItem({ review, guideName }: { review: Review; guideName: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  // The UTC day, so the server's rendering and the visitor's browser write the same date.
  const date = (value: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value));
  return (
    <li
      data-testid="review"
      className="flex flex-col gap-2 border-t border-neutral-200 pt-5 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-neutral-900">{review.reviewerName}</p>
        <span className="flex items-center gap-2">
          <time dateTime={review.createdAt} className="text-sm text-neutral-500">
            {date(review.createdAt)}
          </time>
          <ReportButton targetType="review" targetId={review.id} compact />
        </span>
      </div>
      <StarRating value={review.rating} />
      {/* Plain text: React escapes it; line breaks are kept by whitespace-pre-line. */}
      {review.comment ? (
        <p {...writtenTextProps(review.language)} className="whitespace-pre-line text-start text-neutral-700">
          {review.comment}
        </p>
      ) : null}
      {review.photos.length ? (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-control">
                <img
                  src={photo.thumbUrl}
                  alt={t('reviews.photo', { name: review.reviewerName, index: index + 1 })}
                  loading="lazy"
                  className="size-20 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-1 rounded-control border-s-4 border-brand-200 bg-brand-50 p-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-brand-900">{t('reviews.replyFrom', { name: guideName })}</p>
            <ReportButton targetType="review_reply" targetId={review.id} compact />
          </div>
          <p
            {...writtenTextProps(review.reply.language)}
            className="mt-1 whitespace-pre-line text-start text-sm text-neutral-700"
          >
            {review.reply.comment}
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** The guide's rating and reviews, newest first, a page at a time. */
export function GuideReviews({
  guideId,
  guideName,
  rating,
  reviewCount,
}: {
  guideId: string;
  guideName: string;
  rating: number | null;
  reviewCount: number;
}) {
  const { t } = useTranslation('profile');
  const hasReviews = reviewCount > 0;
  const query = useGuideReviews(guideId, hasReviews);
  const reviews = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="flex flex-col gap-5">
      <RatingSummary rating={rating} reviewCount={reviewCount} className="text-base" />
      {!hasReviews ? (
        <p className="flex items-center gap-2 text-neutral-600">
          <MessageSquareQuote aria-hidden="true" className="size-5 text-neutral-400" />
          {t('reviews.none')}
        </p>
      ) : query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError && reviews.length === 0 ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ul className="flex flex-col gap-5">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} guideName={guideName} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="self-start"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('reviews.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
