import type { Reservation } from '@marco/contract/reservations';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { useReservations } from '@/features/reservations/api/get-reservations';
import { useAcceptByGuide } from '@/features/reservations/api/update-reservation';
import { RejectDialog } from '@/features/reservations/components/reject-dialog';
import { CardsSkeleton, EmptyState, ErrorState } from '@/features/reservations/components/states';
import { useDescribeError } from '@/features/reservations/hooks/use-describe-error';
import { formatDates, formatHours, personName, reservationDates } from '@/features/reservations/utils/format';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { timeZoneName } from '@/lib/time-zone-name';

/** Requests awaiting the guide's answer, approved or rejected right here (spec §1). */
export function PendingRequests() {
  const { t } = useTranslation('reservations');
  const id = useId();
  const query = useReservations('guide', 'awaiting', 1);

  let body: React.ReactNode;
  if (query.isPending) body = <CardsSkeleton count={2} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0)
    body = <EmptyState title={t('dashboard.noPending')} text={t('dashboard.noPendingText')} testId="pending-empty" />;
  else
    body = (
      <ul className="flex flex-col divide-y divide-neutral-100">
        {query.data.data.map((reservation) => (
          <PendingRow key={reservation.id} reservation={reservation} />
        ))}
      </ul>
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-panel border border-neutral-200 bg-surface p-6 shadow-card"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold text-neutral-900">
          {t('dashboard.pendingTitle')}
        </h2>
        <LocalizedLink to="/requests" className="text-sm font-semibold text-brand-700 hover:underline">
          {t('dashboard.allRequests')}
        </LocalizedLink>
      </div>
      {body}
    </section>
  );
}

function PendingRow({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const locale = useLocale();
  const { toast } = useToast();
  const accept = useAcceptByGuide();
  const [isRejecting, setRejecting] = useState(false);
  const name = personName(reservation.tourist);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="pending-request">
      <div className="min-w-0">
        <LocalizedLink
          to={`/guide-mode/${reservation.id}`}
          className="font-semibold text-neutral-900 hover:text-brand-700 hover:underline"
        >
          {name}
        </LocalizedLink>
        <p className="mt-0.5 text-sm text-neutral-600">
          {formatDates(reservationDates(reservation), locale)} ·{' '}
          {t('details.hoursInZone', {
            hours: formatHours(reservation.startHour, reservation.endHour, locale),
            zone: timeZoneName(reservation.timezone, locale),
          })}{' '}
          ·{' '}
          <span className="font-medium tabular-nums text-neutral-800">
            <bdi>{formatMoney(reservation.price.totalMinor, reservation.price.currency, locale)}</bdi>
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={accept.isPending}
          aria-label={t('dashboard.approveFor', { name })}
          onClick={() =>
            accept.mutate(reservation.id, {
              onSuccess: () => toast({ title: t('approve.done'), color: 'success' }),
              onError: (error) => toast({ ...describe(error), color: 'error' }),
            })
          }
        >
          <Check aria-hidden="true" />
          {t('actions.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('dashboard.rejectFor', { name })}
          onClick={() => setRejecting(true)}
        >
          <X aria-hidden="true" />
          {t('actions.reject')}
        </Button>
      </div>
      <RejectDialog
        reservationId={reservation.id}
        travellerName={name}
        open={isRejecting}
        onClose={() => setRejecting(false)}
      />
    </li>
  );
}
