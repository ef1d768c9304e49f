import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { clearFilters, type GuideFilters, readFilters, writeFilters } from '../utils/search-state';

/** The guide list's filters, read from and written to the URL (each change is a history entry). */
export function useGuideFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const update = useCallback(
    (change: Partial<GuideFilters>) => setParams((current) => writeFilters(current, change)),
    [setParams],
  );
  const clear = useCallback(() => setParams((current) => clearFilters(current)), [setParams]);
  return { filters, update, clear };
}
