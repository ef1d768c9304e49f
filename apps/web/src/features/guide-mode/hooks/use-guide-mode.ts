import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useUser } from '@/features/auth/hooks/use-user';
import { useIsUserGuide } from '@/features/guides/api/is-user-guide';

export type NavigationMode = 'traveller' | 'guide';

const STORAGE_KEY = 'marco.navigationMode';
const listeners = new Set<() => void>();

function readMode(): NavigationMode {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'guide' ? 'guide' : 'traveller';
  } catch {
    // Storage may be blocked (private mode); the mode then lasts for the page only.
    return memoryMode;
  }
}
let memoryMode: NavigationMode = 'traveller';

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the traveller/guide mode in localStorage (spec §6: switched in the navigation). */
export function storeNavigationMode(mode: NavigationMode): void {
  memoryMode = mode;
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // See readMode.
  }
  for (const listener of listeners) listener();
}

/**
 * The navigation mode: guide mode only for approved guides (is-user-guide), whatever was
 * stored; everyone else is a traveller.
 */
export function useGuideMode() {
  const { isSignedIn } = useUser();
  const { data } = useIsUserGuide(isSignedIn);
  const stored = useSyncExternalStore(subscribe, readMode, () => 'traveller' as const);
  const isGuide = isSignedIn && data?.isGuide === true;
  const mode: NavigationMode = isGuide && stored === 'guide' ? 'guide' : 'traveller';
  const setMode = useCallback((next: NavigationMode) => storeNavigationMode(next), []);
  return { mode, isGuide, guideId: data?.guideId ?? null, setMode };
}

/** On the guide's own pages (dashboard, requests): opening one is choosing guide mode. */
export function useGuideModeNavigation() {
  const { isGuide, setMode } = useGuideMode();
  useEffect(() => {
    if (isGuide) setMode('guide');
  }, [isGuide, setMode]);
}
