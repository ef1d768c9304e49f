import { useTranslation } from 'react-i18next';
import type { Attraction } from '../api/get-city-content';

export function AttractionsList({ attractions, cityName }: { attractions: Attraction[]; cityName: string }) {
  const { t } = useTranslation('explore');
  return (
    <section aria-labelledby="attractions-title">
      <h2 id="attractions-title" className="text-3xl font-bold text-neutral-900">
        {t('city.attractionsTitle')}
      </h2>
      <p className="mt-2 max-w-2xl text-neutral-600">{t('city.attractionsSubtitle', { city: cityName })}</p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {attractions.map((attraction, index) => (
          <li
            key={attraction.name}
            className="flex gap-4 rounded-card border border-neutral-200 bg-surface p-5 shadow-card"
          >
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-neutral-900">{attraction.name}</h3>
              <p className="mt-1 text-sm leading-relaxed text-neutral-600">{attraction.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
