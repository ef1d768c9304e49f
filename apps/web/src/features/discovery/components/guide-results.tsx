import type { SearchGuidesResult } from '@marco/contract/search';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { GuideCardSkeleton } from './guide-card-skeleton';
import { GuideResultList } from './guide-result-list-loader';

export type ResultsQuery = {
  data: SearchGuidesResult | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

function ResultSkeletons({ count }: { count: number }) {
  const { t } = useTranslation('discovery');
  return (
    <div aria-busy="true" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">
        <Spinner label={t('results.loading')} />
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <GuideCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The result grid with its loading, empty and error states and the pager. */
export function GuideResults({
  query,
  skeletons,
  onPage,
  emptyAction,
}: {
  query: ResultsQuery;
  skeletons: number;
  onPage: (page: number) => void;
  emptyAction: React.ReactNode;
}) {
  const skeletonGrid = <ResultSkeletons count={skeletons} />;
  const hasFailed = query.isError && !query.data;
  if (!hasFailed && (query.isPending || !query.data)) return skeletonGrid;
  return (
    <Suspense fallback={skeletonGrid}>
      <GuideResultList query={query} onPage={onPage} emptyAction={emptyAction} />
    </Suspense>
  );
}
