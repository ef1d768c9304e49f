import type { OnboardingItem } from '@marco/contract/reference';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { iconForFeatureStep } from './step-icon';

type FeaturesSectionProps = { steps: OnboardingItem[]; isLoading: boolean };

/** "How Marco works": the three feature steps from the onboarding content. */
export function FeaturesSection({ steps, isLoading }: FeaturesSectionProps) {
  const { t } = useTranslation('home');
  if (!isLoading && steps.length === 0) return null;

  return (
    <section aria-labelledby="features-title" className="bg-surface py-section">
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-headline font-bold text-neutral-900">
            {t('features.title')}
          </h2>
          <p className="mt-3 text-lg text-neutral-600">{t('features.subtitle')}</p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {isLoading
            ? [0, 1, 2].map((index) => (
                <li key={index}>
                  <Card className="p-8">
                    <Skeleton className="size-12 rounded-full" />
                    <Skeleton className="mt-6 h-6 w-2/3" />
                    <Skeleton className="mt-3 h-4 w-full" />
                    <Skeleton className="mt-2 h-4 w-5/6" />
                  </Card>
                </li>
              ))
            : steps.map((step, index) => {
                const Icon = iconForFeatureStep(step.key, index);
                return (
                  <li key={step.id}>
                    <Card className="relative h-full p-8">
                      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
                        <Icon aria-hidden="true" className="size-6" />
                      </span>
                      <h3 className="mt-6 text-xl font-semibold text-neutral-900">{step.title}</h3>
                      <p className="mt-2 leading-relaxed text-neutral-600">{step.description}</p>
                      <span
                        aria-hidden="true"
                        className="absolute end-6 top-6 text-5xl font-black text-neutral-100 select-none"
                      >
                        {index + 1}
                      </span>
                    </Card>
                  </li>
                );
              })}
        </ol>
      </div>
    </section>
  );
}
