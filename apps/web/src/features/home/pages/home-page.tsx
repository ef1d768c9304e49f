import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { languagesQueryOptions } from '@/features/reference/api/get-languages';
import { placesQueryOptions } from '@/features/reference/api/get-places';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { importWithNamespaces } from '@/i18n/i18n';
import { useLocale } from '@/i18n/use-locale';
import type { PrefetchHandle } from '@/ssr/prefetch';
import { onboardingContentQueryOptions, useOnboardingContent } from '../api/get-onboarding-content';
import { preferredGuidesQueryOptions } from '../api/get-preferred-guides';
import { testimonialsQueryOptions } from '../api/get-testimonials';
import { HeroSection } from '../components/hero-section';

// Everything under the hero is out of view at first paint, so it loads right after it.
// The app promo's install prompt speaks `pwa`.
const HomeBelowFold = lazy(() =>
  importWithNamespaces(['pwa'], () => import('../components/home-below-fold')).then((m) => ({
    default: m.HomeBelowFold,
  })),
);

/** What the home page's hero and sections ask for, for the server to fetch first (ssr/prefetch.ts). */
export const homePageHandle: PrefetchHandle = {
  prefetch: ({ queryClient, locale, currency }) =>
    Promise.all([
      queryClient.prefetchQuery(onboardingContentQueryOptions(locale)),
      queryClient.prefetchQuery(placesQueryOptions),
      queryClient.prefetchQuery(languagesQueryOptions),
      queryClient.prefetchQuery(preferredGuidesQueryOptions(currency, locale)),
      queryClient.prefetchQuery(testimonialsQueryOptions(locale)),
    ]),
};

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('documentTitle'));
  const locale = useLocale();
  // Started here rather than below the fold, so the steps do not wait for that chunk.
  const onboarding = useOnboardingContent(locale);

  return (
    <>
      <HeroSection />
      <Suspense fallback={null}>
        <HomeBelowFold items={onboarding.data ?? []} isLoading={onboarding.isPending} />
      </Suspense>
    </>
  );
}
