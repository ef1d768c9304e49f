import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (true where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}

/** spec: on a phone (under 768 px) the filters open in a sheet; from there up they sit in a sidebar. */
export const DESKTOP_QUERY = '(min-width: 768px)';
