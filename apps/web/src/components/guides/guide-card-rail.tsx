import type { GuideCard } from '@marco/contract/search';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { GuideSummaryCard, GuideSummaryCardSkeleton } from './guide-summary-card';

const COLUMNS = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;
const SKELETON_KEYS = ['a', 'b', 'c', 'd'] as const;
// Phones swipe through the guides; wider screens show a grid.
const trackClass = '-mx-4 mt-8 flex gap-4 px-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0';
const itemClass = 'w-[80%] shrink-0 snap-start sm:w-auto';

type GuideCardRailProps = {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  guides: GuideCard[];
  columns: keyof typeof COLUMNS;
  errorText: string;
  retryLabel: string;
  /** Shown when the query found no guide: what to do instead. */
  empty: ReactNode;
  /** Over each card's picture (the favourites heart). */
  renderAction?: (guide: GuideCard) => ReactNode;
};

/** A row of guide cards with its loading, error and empty states (home and destination pages). */
export function GuideCardRail({
  query,
  guides,
  columns,
  errorText,
  retryLabel,
  empty,
  renderAction,
}: GuideCardRailProps) {
  if (query.isPending) {
    return (
      <ul aria-busy="true" className={cn(trackClass, COLUMNS[columns], 'overflow-hidden')}>
        {SKELETON_KEYS.slice(0, columns).map((key) => (
          <li key={key} className={itemClass}>
            <GuideSummaryCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="mt-8 flex flex-col items-center gap-4 rounded-card border border-dashed border-neutral-300 bg-surface p-8 text-center"
      >
        <p className="text-neutral-700">{errorText}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          {retryLabel}
        </Button>
      </div>
    );
  }
  if (guides.length === 0) {
    return (
      <div className="mt-8 rounded-card border border-dashed border-neutral-300 bg-surface p-8 text-center">
        {empty}
      </div>
    );
  }
  return (
    <ul
      className={cn(
        trackClass,
        COLUMNS[columns],
        'scrollbar-none snap-x snap-mandatory scroll-px-4 overflow-x-auto pb-2 sm:pb-0',
      )}
    >
      {guides.map((guide) => (
        <li key={guide.id} className={cn(itemClass, 'relative')}>
          <GuideSummaryCard guide={guide} />
          {/* Beside the card's link, not inside it: a button may not sit in a link. */}
          {renderAction?.(guide)}
        </li>
      ))}
    </ul>
  );
}
