import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { GuideCard } from './guide-card';
import type { ResultsQuery } from './guide-results';
import { Pagination } from './pagination';
import { EmptyState, ErrorState } from './states';

/** The answered search: the cards and the pager, or the empty and error states. */
export function GuideResultList({
  query,
  onPage,
  emptyAction,
}: {
  query: ResultsQuery;
  onPage: (page: number) => void;
  emptyAction: React.ReactNode;
}) {
  const { t } = useTranslation('discovery');
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  const { data, page, pageSize, total, totalCapped } = query.data;
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
      <Pagination
        page={page}
        // A capped total counts up to the end of this page at least: one more page follows.
        pageCount={Math.max(1, Math.ceil(total / pageSize) + (totalCapped ? 1 : 0))}
        onPage={onPage}
      />
    </div>
  );
}
