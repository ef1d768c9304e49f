import { preloadableLazy } from '@/lib/preloadable-lazy';

/**
 * The parts of a guide's profile below its header and booking panel, each in a chunk of its own.
 * On the server's page they hydrate when their code has come, after the page is interactive
 * (issue 16, JavaScript before interaction). A visitor who opens a profile from another page
 * loads them beside the page's chunk (app/navigation-prefetch.ts), so they show with the guide
 * instead of on skeletons some 300 ms longer (preloadable-lazy.tsx).
 */
const gallery = preloadableLazy(() => import('./photo-gallery').then((m) => m.PhotoGallery));
const calendar = preloadableLazy(() => import('./availability-calendar').then((m) => m.AvailabilityCalendar));
const reviews = preloadableLazy(() => import('./guide-reviews').then((m) => m.GuideReviews));

export const PhotoGallery = gallery.Component;
export const AvailabilityCalendar = calendar.Component;
export const GuideReviews = reviews.Component;

export function preloadGuideProfileParts(): Promise<unknown> {
  return Promise.all([gallery.preload(), calendar.preload(), reviews.preload()]);
}
