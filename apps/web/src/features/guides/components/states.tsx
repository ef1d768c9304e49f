import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useFeedback } from '../hooks/use-feedback';

/** Placeholder rows while a section loads; announced once for screen readers. */
export function LoadingBlock({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('guides');
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only">
        <Spinner label={t('state.loading')} />
      </span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </div>
  );
}

/** A failed load with the reason and a retry button. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('guides');
  const { describe } = useFeedback();
  const { title, description } = describe(error);
  return <ErrorNotice title={title} description={description} retryLabel={t('state.retry')} onRetry={onRetry} />;
}

/** Nothing here yet. */
export function EmptyBlock({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-neutral-300 bg-neutral-50 px-4 py-8 text-center">
      <Inbox aria-hidden="true" className="size-6 text-neutral-400" />
      <p className="font-medium text-neutral-700">{title}</p>
      {children ? <div className="text-sm text-neutral-500">{children}</div> : null}
    </div>
  );
}

type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** Renders a query's loading and error states, and `children` with its data once there. */
export function QueryState<T>({
  query,
  rows,
  children,
}: {
  query: QueryLike<T>;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock rows={rows} />;
  if (query.isError || query.data === undefined) {
    return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
