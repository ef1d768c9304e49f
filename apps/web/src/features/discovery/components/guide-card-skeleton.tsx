import { Skeleton } from '@/components/ui/skeleton';

export function GuideCardSkeleton() {
  return (
    <div className="flex overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card sm:flex-col">
      <Skeleton className="w-28 shrink-0 rounded-none sm:aspect-[4/3] sm:w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-1/4" />
        </div>
      </div>
    </div>
  );
}
