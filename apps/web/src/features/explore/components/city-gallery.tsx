import { useTranslation } from 'react-i18next';
import { CityScene, SCENE_TIMES } from '@/components/destinations/city-scene';

/** The destination drawn at four times of day: illustrations shipped with the app. */
export function CityGallery({ cityKey, cityName }: { cityKey: string; cityName: string }) {
  const { t } = useTranslation('explore');
  return (
    <section aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="text-3xl font-bold text-neutral-900">
        {t('city.galleryTitle')}
      </h2>
      <p className="mt-2 text-neutral-600">{t('city.gallerySubtitle', { city: cityName })}</p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {SCENE_TIMES.map((time) => {
          const caption = t(`city.scene.${time}`, { city: cityName });
          return (
            <li key={time}>
              <figure>
                <div className="aspect-[4/3] overflow-hidden rounded-card shadow-card">
                  <CityScene cityKey={cityKey} time={time} label={caption} />
                </div>
                <figcaption className="mt-2 text-sm text-neutral-600">{caption}</figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
