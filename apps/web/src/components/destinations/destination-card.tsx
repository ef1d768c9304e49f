import { MapPin } from 'lucide-react';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { CityScene } from './city-scene';

type DestinationCardProps = {
  cityKey: string;
  name: string;
  country: string;
  /** An app path without the locale prefix. */
  to: string;
  /** Optional line under the name, e.g. the number of guides. */
  detail?: string;
  className?: string;
};

export function DestinationCard({ cityKey, name, country, to, detail, className }: DestinationCardProps) {
  return (
    <LocalizedLink
      to={to}
      className={cn(
        'group relative block aspect-[4/5] overflow-hidden rounded-card bg-neutral-200 shadow-card transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      <CityScene cityKey={cityKey} className="transition-transform duration-500 motion-safe:group-hover:scale-105" />
      <div className="absolute inset-0 bg-linear-to-t from-black/70 via-black/10 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 p-4 text-white">
        <p className="text-xl font-bold leading-tight">{name}</p>
        <p className="mt-1 flex items-center gap-1 text-sm text-white/85">
          <MapPin aria-hidden="true" className="size-3.5" />
          {country}
        </p>
        {detail ? <p className="mt-1 text-xs text-white/75">{detail}</p> : null}
      </div>
    </LocalizedLink>
  );
}
