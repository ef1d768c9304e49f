import { CircleAlert } from 'lucide-react';
import { Button } from './button';

type ErrorNoticeProps = {
  title: string;
  description: string;
  /** With `onRetry`: a button that tries the failed load again. */
  retryLabel: string;
  onRetry?: () => void;
};

/** A failed load, said in words (title and reason), with a way to try again. */
export function ErrorNotice({ title, description, retryLabel, onRetry }: ErrorNoticeProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-card border border-error-200 bg-error-50 p-5">
      <div className="flex items-start gap-3 text-error-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
        <div>
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm opacity-90">{description}</p>
        </div>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
