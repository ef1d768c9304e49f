import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders a page and while the client hydrates it, true from the render
 * after: what only a browser can show (a widget loaded after the paint) waits for it, so the
 * two renders match. A page the client renders alone sees true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
