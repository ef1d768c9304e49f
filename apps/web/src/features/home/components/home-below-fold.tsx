import type { OnboardingItem } from '@marco/contract/reference';
import { stepsOfKind } from '../api/get-onboarding-content';
import { AppPromoSection } from './app-promo-section';
import { BecomeGuideSection } from './become-guide-section';
import { DestinationsCarousel } from './destinations-carousel';
import { FeaturesSection } from './features-section';
import { PreferredGuidesSection } from './preferred-guides-section';
import { TestimonialsSection } from './testimonials-section';

/** The home page under the hero: loaded after the first paint (home-page.tsx). */
export function HomeBelowFold({ items, isLoading }: { items: readonly OnboardingItem[]; isLoading: boolean }) {
  return (
    <>
      <DestinationsCarousel />
      <FeaturesSection steps={stepsOfKind(items, 'feature_step')} isLoading={isLoading} />
      <PreferredGuidesSection />
      <TestimonialsSection />
      <AppPromoSection />
      <BecomeGuideSection steps={stepsOfKind(items, 'become_guide_step')} isLoading={isLoading} />
    </>
  );
}
