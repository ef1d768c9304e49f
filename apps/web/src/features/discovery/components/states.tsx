import { CircleAlert, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/describe-error';

/** A failed load: what went wrong, and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('discovery');
  const { t: tCommon } = useTranslation();
  const { title, description } = describeError(error, tCommon);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-card border border-error-200 bg-error-50 p-5 text-error-800"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
        <div>
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm opacity-90">{description}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show, with a way out. */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-neutral-300 bg-surface px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <p className="text-lg font-semibold text-neutral-900">{title}</p>
      {text ? <p className="max-w-md text-sm text-neutral-600">{text}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
