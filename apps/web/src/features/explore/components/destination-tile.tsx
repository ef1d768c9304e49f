import { MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CityScene } from '@/components/destinations/city-scene';
import { Skeleton } from '@/components/ui/skeleton';
import { LocalizedLink } from '@/i18n/localized-link';

type DestinationTileProps = {
  cityKey: string;
  name: string;
  country: string;
  /** The one-line summary from the destination texts: undefined while they load, null without them. */
  tagline: string | null | undefined;
  guideCount: number;
};

/** A destination on the explore page: its illustration, name, country, summary and guide count. */
export function DestinationTile({ cityKey, name, country, tagline, guideCount }: DestinationTileProps) {
  const { t } = useTranslation('explore');
  return (
    <LocalizedLink
      to={`/explore/${encodeURIComponent(cityKey)}`}
      className="group flex h-full flex-col overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <div className="aspect-[16/10] overflow-hidden">
        <CityScene cityKey={cityKey} className="transition-transform duration-500 motion-safe:group-hover:scale-105" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-neutral-500">
          <MapPin aria-hidden="true" className="size-3.5" />
          {country}
        </p>
        <h2 className="mt-1 text-xl font-bold text-neutral-900 group-hover:text-brand-800">{name}</h2>
        {tagline === undefined ? (
          <Skeleton className="mt-2 h-4 w-4/5" />
        ) : tagline ? (
          <p className="mt-1.5 leading-relaxed text-neutral-600">{tagline}</p>
        ) : null}
        <p className="mt-auto flex items-center gap-1.5 pt-4 text-sm font-medium text-brand-700">
          <Users aria-hidden="true" className="size-4" />
          {guideCount > 0 ? t('list.guideCount', { count: guideCount }) : t('list.noGuidesYet')}
        </p>
      </div>
    </LocalizedLink>
  );
}
