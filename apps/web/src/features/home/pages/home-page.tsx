import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { stepsOfKind, useOnboardingContent } from '../api/get-onboarding-content';
import { AppPromoSection } from '../components/app-promo-section';
import { BecomeGuideSection } from '../components/become-guide-section';
import { DestinationsCarousel } from '../components/destinations-carousel';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PreferredGuidesSection } from '../components/preferred-guides-section';
import { TestimonialsSection } from '../components/testimonials-section';

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('documentTitle'));
  const locale = useLocale();
  const onboarding = useOnboardingContent(locale);
  const items = onboarding.data ?? [];

  return (
    <>
      <HeroSection />
      <DestinationsCarousel />
      <FeaturesSection steps={stepsOfKind(items, 'feature_step')} isLoading={onboarding.isPending} />
      <PreferredGuidesSection />
      <TestimonialsSection />
      <AppPromoSection />
      <BecomeGuideSection steps={stepsOfKind(items, 'become_guide_step')} isLoading={onboarding.isPending} />
    </>
  );
}
