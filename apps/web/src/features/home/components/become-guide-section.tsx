import type { OnboardingItem } from '@marco/contract/reference';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';

type BecomeGuideSectionProps = { steps: OnboardingItem[]; isLoading: boolean };

/** The numbered steps to become a guide, with the way in. */
export function BecomeGuideSection({ steps, isLoading }: BecomeGuideSectionProps) {
  const { t } = useTranslation('home');

  return (
    <section aria-labelledby="become-guide-title" className="py-section">
      <div className="mx-auto grid max-w-page gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:px-8">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{t('becomeGuide.eyebrow')}</p>
          <h2 id="become-guide-title" className="mt-3 text-headline font-bold text-neutral-900">
            {t('becomeGuide.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-neutral-600">{t('becomeGuide.subtitle')}</p>
          <ButtonLink to="/beguide" size="lg" className="mt-8">
            {t('becomeGuide.cta')}
            <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
          </ButtonLink>
        </div>
        {isLoading ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-24 rounded-card" />
            ))}
          </div>
        ) : steps.length > 0 ? (
          <ol className="relative flex flex-col gap-4">
            {steps.map((step, index) => (
              <li
                key={step.id}
                className="flex gap-5 rounded-card border border-neutral-200 bg-surface p-5 shadow-card"
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 text-base font-bold text-accent-800"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wide text-neutral-500">
                    {t('becomeGuide.step', { number: index + 1 })}
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-neutral-900">{step.title}</h3>
                  <p className="mt-1 leading-relaxed text-neutral-600">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
