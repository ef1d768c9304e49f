import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { importWithNamespaces } from '@/i18n/i18n';
import { useLocale } from '@/i18n/use-locale';
import { useOnboardingContent } from '../api/get-onboarding-content';
import { HeroSection } from '../components/hero-section';

// Everything under the hero is out of view at first paint, so it loads right after it.
// The app promo's install prompt speaks `pwa`.
const HomeBelowFold = lazy(() =>
  importWithNamespaces(['pwa'], () => import('../components/home-below-fold')).then((m) => ({
    default: m.HomeBelowFold,
  })),
);

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
