import type { ReservationStatus } from '@marco/contract/reservations';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { useLocale } from '@/i18n/use-locale';
import { reservationIcsUrl } from '../api/reservation-ics-url';

/** Statuses the server gives a calendar file for: booked for sure, or done. */
const IN_CALENDAR = new Set<ReservationStatus>(['paid', 'completed']);

/** "Add to calendar" on a paid reservation: downloads its .ics file (the guide's time zone, the meeting point). */
export function AddToCalendarLink({ reservationId, status }: { reservationId: string; status: ReservationStatus }) {
  const { t, ready } = useTranslation('calendars');
  const locale = useLocale();
  if (!IN_CALENDAR.has(status) || !ready) return null;
  return (
    <a
      href={reservationIcsUrl(reservationId, locale)}
      download
      title={t('addHint')}
      data-testid="add-to-calendar"
      className={buttonVariants({ variant: 'outline' })}
    >
      <CalendarPlus aria-hidden="true" />
      {t('add')}
    </a>
  );
}
