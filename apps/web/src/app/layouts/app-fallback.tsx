import { Spinner } from '@/components/ui/spinner';

/** Shown while the first route module loads (usually a blink). */
export function AppFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-700">
      <Spinner className="size-8" />
    </div>
  );
}
