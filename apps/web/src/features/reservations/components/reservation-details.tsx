import type { Reservation } from '@marco/contract/reservations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { timeZoneName } from '@/lib/time-zone-name';
import { formatDay, formatHours, formatInstant } from '../utils/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-neutral-900">{children}</dd>
    </div>
  );
}

/** Dates, hours, meeting point, notes, contact and the price snapshot of a reservation. */
export function ReservationDetails({ reservation, showContact }: { reservation: Reservation; showContact: boolean }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const { price } = reservation;
  const money = (minor: number) => formatMoney(minor, price.currency, locale);
  return (
    <dl className="divide-y divide-neutral-100" data-testid="reservation-details">
      <Row label={t('details.dates')}>
        <ul className="flex flex-col gap-0.5">
          {reservation.slots.map((slot) => (
            <li key={slot.date}>{formatDay(slot.date, locale, 'full')}</li>
          ))}
        </ul>
      </Row>
      <Row label={t('details.hours')}>
        {t('details.hoursInZone', {
          hours: formatHours(reservation.startHour, reservation.endHour, locale),
          zone: timeZoneName(reservation.timezone, locale),
        })}
      </Row>
      <Row label={t('details.meetingPoint')}>
        <span dir="auto">{reservation.meetingPoint}</span>
      </Row>
      {reservation.noteToGuide ? (
        <Row label={t('details.noteToGuide')}>
          <span dir="auto" className="whitespace-pre-line">
            {reservation.noteToGuide}
          </span>
        </Row>
      ) : null}
      {reservation.additionalNotes ? (
        <Row label={t('details.additionalNotes')}>
          <span dir="auto" className="whitespace-pre-line">
            {reservation.additionalNotes}
          </span>
        </Row>
      ) : null}
      {showContact ? (
        <Row label={t('details.contact')}>
          <span dir="ltr">{reservation.contactPhone}</span>
          <br />
          <span dir="ltr">{reservation.contactEmail}</span>
        </Row>
      ) : null}
      <Row label={t('price.rate')}>{t('price.perHour', { amount: money(price.hourlyRateMinor) })}</Row>
      {price.vehicleHourlyRateMinor > 0 ? (
        <Row label={t('price.vehicle')}>{t('price.perHour', { amount: money(price.vehicleHourlyRateMinor) })}</Row>
      ) : null}
      <Row label={t('price.hours')}>{t('price.hoursCount', { count: price.totalHours })}</Row>
      <Row label={t('price.total')}>
        <span className="text-base font-bold tabular-nums" data-testid="reservation-total">
          <bdi>{money(price.totalMinor)}</bdi>
        </span>
      </Row>
      {reservation.rejectReason ? (
        <Row label={t('details.rejectReason')}>
          <q dir="auto">{reservation.rejectReason}</q>
        </Row>
      ) : null}
      {reservation.cancelReasonKey ? (
        <Row label={t('details.cancelReason')}>
          {t(`cancel.reasons.${reservation.cancelReasonKey}`)}
          {reservation.cancelReasonText ? (
            <>
              {' — '}
              <q dir="auto">{reservation.cancelReasonText}</q>
            </>
          ) : null}
        </Row>
      ) : null}
      <Row label={t('details.requestedAt')}>{formatInstant(reservation.createdAt, locale)}</Row>
    </dl>
  );
}

/** What the status means and what comes next (spec §4), for the traveller or the guide. */
export function StatusExplanation({ reservation, side }: { reservation: Reservation; side: 'tourist' | 'guide' }) {
  const { t } = useTranslation('reservations');
  return (
    <p className="text-sm leading-relaxed text-neutral-700" data-testid="status-explanation">
      {t(`explain.${side}.${reservation.status}`)}
    </p>
  );
}
