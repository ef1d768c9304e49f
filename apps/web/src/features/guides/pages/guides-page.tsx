import { GuidesSearch } from '@/features/discovery/components/guides-search';

/** `/guides` (spec §2): the guide list with its filters and sorts. */
export function GuidesPage() {
  return <GuidesSearch />;
}
