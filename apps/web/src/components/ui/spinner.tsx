import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

type SpinnerProps = {
  className?: string;
  /** When given, the spinner is announced (role=status); otherwise it is decorative. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  if (label) {
    return (
      <span role="status" className="inline-flex items-center">
        <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return <LoaderCircle aria-hidden="true" data-slot="spinner" className={cn('size-5 animate-spin', className)} />;
}
