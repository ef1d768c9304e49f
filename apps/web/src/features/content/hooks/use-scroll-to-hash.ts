import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's hash names once `isReady` (content loaded lazily is
 * not there yet when the browser would normally jump to it).
 */
export function useScrollToHash(isReady: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!isReady || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [isReady, hash]);
}
