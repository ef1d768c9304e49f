import { GuidesSearch, prefetchGuidesSearch } from '@/features/discovery/components/guides-search';
import type { PrefetchHandle } from '@/ssr/prefetch';

/** `/guides` (spec §2): the guide list with its filters and sorts. */
export function GuidesPage() {
  return <GuidesSearch />;
}

export const guidesPageHandle: PrefetchHandle = { prefetch: prefetchGuidesSearch };
