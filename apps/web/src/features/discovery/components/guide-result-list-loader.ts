import { preloadableLazy } from '@/lib/preloadable-lazy';

/**
 * The cards and pager of a search, in a chunk of their own: the search page paints its
 * skeletons without them. The route starts loading them beside the page's own chunk, so they
 * are there before the answer and the cards show the moment it arrives (preloadable-lazy.tsx).
 */
export const { Component: GuideResultList, preload: preloadGuideResultList } = preloadableLazy(() =>
  import('./guide-result-list').then((m) => m.GuideResultList),
);
