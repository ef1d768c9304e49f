import type { Reservation } from '@marco/contract/reservations';
import { CalendarDays, ChevronRight, Clock, MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { timeZoneName } from '@/lib/time-zone-name';
import type { ReservationSide } from '../api/keys';
import { formatDates, formatHours, personName, reservationDates } from '../utils/format';
import { StatusBadge } from './status-badge';

/** One reservation in a list: who, when, where to meet, the total and the status; opens its detail. */
export function ReservationCard({
  reservation,
  side,
  to,
}: {
  reservation: Reservation;
  side: ReservationSide;
  to: string;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const other = side === 'tourist' ? reservation.guide : reservation.tourist;
  const days = reservation.slots.length;
  return (
    <article
      data-testid="reservation-card"
      data-reservation-id={reservation.id}
      className="group relative rounded-card border border-neutral-200 bg-surface p-5 shadow-card transition-colors focus-within:border-brand-400 hover:border-brand-300"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-neutral-500">
            {side === 'tourist' ? t('card.withGuide') : t('card.fromTraveller')}
          </p>
          <h3 className="mt-0.5 truncate text-lg font-semibold text-neutral-900">
            <LocalizedLink to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
              {personName(other)}
            </LocalizedLink>
          </h3>
        </div>
        <div className="flex items-center gap-2">
          {reservation.review ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-800">
              <Star aria-hidden="true" className="size-3.5 fill-current" />
              {t('card.reviewed')}
            </span>
          ) : null}
          <StatusBadge status={reservation.status} />
        </div>
      </div>
      <dl className="mt-4 grid gap-2 text-sm text-neutral-700 sm:grid-cols-3">
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="size-4 text-neutral-400" />
            <span className="sr-only">{t('details.dates')}</span>
          </dt>
          <dd>
            {formatDates(reservationDates(reservation), locale)}
            {days > 1 ? <span className="text-neutral-500"> · {t('card.days', { count: days })}</span> : null}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-hidden="true" className="size-4 text-neutral-400" />
            <span className="sr-only">{t('details.hours')}</span>
          </dt>
          <dd>
            {t('details.hoursInZone', {
              hours: formatHours(reservation.startHour, reservation.endHour, locale),
              zone: timeZoneName(reservation.timezone, locale),
            })}
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <MapPin aria-hidden="true" className="size-4 text-neutral-400" />
            <span className="sr-only">{t('details.meetingPoint')}</span>
          </dt>
          <dd className="truncate" dir="auto">
            {reservation.meetingPoint}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-neutral-100 pt-3">
        <p className="text-sm text-neutral-600">
          {t('price.total')}{' '}
          <span className="font-semibold tabular-nums text-neutral-900">
            <bdi>{formatMoney(reservation.price.totalMinor, reservation.price.currency, locale)}</bdi>
          </span>
        </p>
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:underline">
          {t('card.open')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </span>
      </div>
    </article>
  );
}
