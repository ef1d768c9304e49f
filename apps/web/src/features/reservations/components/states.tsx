import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDescribeError } from '../hooks/use-describe-error';

/** Card-shaped placeholders while a list or a detail loads; announced once for screen readers. */
export function CardsSkeleton({ count = 3, className }: { count?: number; className?: string }) {
  const { t } = useTranslation('reservations');
  return (
    <div className={cn('flex flex-col gap-4', className)} aria-busy="true">
      <span className="sr-only" role="status">
        {t('state.loading')}
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={index} className="rounded-card border border-neutral-200 bg-surface p-5">
          <div className="flex items-center justify-between gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
          <Skeleton className="mt-4 h-4 w-2/3" />
          <Skeleton className="mt-2 h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/** A failed load: the localised reason and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const { title, description } = describe(error);
  return <ErrorNotice title={title} description={description} retryLabel={t('state.retry')} onRetry={onRetry} />;
}

/** Nothing here (yet): a title, a sentence and what to do. */
export function EmptyState({
  title,
  text,
  action,
  testId,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center gap-2 rounded-card border border-dashed border-neutral-300 bg-neutral-50 px-4 py-10 text-center"
    >
      <Inbox aria-hidden="true" className="size-7 text-neutral-400" />
      <p className="font-semibold text-neutral-800">{title}</p>
      {text ? <p className="max-w-md text-sm text-neutral-600">{text}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
