import type { SearchGuidesResult } from '@marco/contract/search';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { GuideCard, GuideCardSkeleton } from './guide-card';
import { Pagination } from './pagination';
import { EmptyState, ErrorState } from './states';

type ResultsQuery = {
  data: SearchGuidesResult | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

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
  const { t } = useTranslation('discovery');
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) {
    return (
      <div aria-busy="true" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">
          <Spinner label={t('results.loading')} />
        </span>
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <GuideCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  const { data, page, pageSize, total } = query.data;
  if (total === 0 || data.length === 0) {
    return <EmptyState title={t('results.emptyTitle')} text={t('results.emptyText')} action={emptyAction} />;
  }
  const updating = query.isPlaceholderData && query.isFetching;
  return (
    <div className="flex flex-col gap-8">
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      <ul
        aria-busy={updating || undefined}
        className={cn('grid gap-5 transition-opacity sm:grid-cols-2 xl:grid-cols-3', updating && 'opacity-60')}
      >
        {data.map((guide) => (
          <li key={guide.id} className="flex min-w-0">
            <GuideCard guide={guide} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / pageSize))} onPage={onPage} />
    </div>
  );
}
