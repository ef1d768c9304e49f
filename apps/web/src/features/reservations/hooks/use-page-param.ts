import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The list page in the URL (`?page=`, 1 when missing or not a positive whole number), and a way to change it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('page'));
  const page = Number.isInteger(value) && value > 0 ? value : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const nextParams = new URLSearchParams(current);
        nextParams.set('page', String(next));
        return nextParams;
      }),
    [setParams],
  );
  return [page, setPage];
}
