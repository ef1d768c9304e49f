import type { Reservation } from '@marco/contract/reservations';
import { Check, Mail, MessageCircle, Phone, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { AddToCalendarLink } from '@/features/calendars/components/add-to-calendar-link';
import { mayReportProblem, ReportProblem } from '@/features/disputes/components/report-problem';
import { useStartConversation } from '@/features/messages/hooks/use-start-conversation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { useReservation } from '../api/get-reservation';
import { useAcceptByGuide, useConfirmConsumption } from '../api/update-reservation';
import { useDescribeError } from '../hooks/use-describe-error';
import { formatInstant, personName } from '../utils/format';
import { RejectDialog } from './reject-dialog';
import { ReservationDetails, StatusExplanation } from './reservation-details';
import { CardsSkeleton, ErrorState } from './states';
import { StatusBadge } from './status-badge';

/**
 * A request as its guide sees it (/guide-mode/{id}, /requests/{tab}/{id}): approve or
 * reject, contact the traveller by message, phone (tel:) or e-mail (mailto:), and confirm
 * the tour took place once it has ended.
 */
export function GuideRequestDetail({ id }: { id: string }) {
  const { t } = useTranslation('reservations');
  const query = useReservation('guide', id);
  useDocumentTitle(
    query.data ? t('guide.detailTitle', { name: personName(query.data.tourist) }) : t('requests.all.title'),
  );
  if (query.isPending) return <CardsSkeleton count={2} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <GuideRequest reservation={query.data} />;
}

function GuideRequest({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const locale = useLocale();
  const { toast } = useToast();
  const accept = useAcceptByGuide();
  const confirm = useConfirmConsumption();
  const { startConversation, isPending: isOpeningChat } = useStartConversation();
  const [isRejecting, setRejecting] = useState(false);
  const travellerName = personName(reservation.tourist);
  const hasEnded = new Date(reservation.endsAt).getTime() <= Date.now();
  const onError = (error: unknown) => toast({ ...describe(error), color: 'error' });

  return (
    <article>
      <header>
        <h1 className="text-headline font-bold text-neutral-900">{t('guide.detailTitle', { name: travellerName })}</h1>
        <div className="mt-3">
          <StatusBadge status={reservation.status} className="text-sm" />
        </div>
      </header>

      <section className="mt-6 rounded-card border border-neutral-200 bg-neutral-50 p-4">
        <StatusExplanation reservation={reservation} side="guide" />
        {reservation.status === 'pending' ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              loading={accept.isPending}
              data-testid="approve-request"
              onClick={() =>
                accept.mutate(reservation.id, {
                  onSuccess: () => toast({ title: t('approve.done'), color: 'success' }),
                  onError,
                })
              }
            >
              <Check aria-hidden="true" />
              {t('actions.approve')}
            </Button>
            <Button variant="outline" onClick={() => setRejecting(true)} data-testid="reject-request">
              <X aria-hidden="true" />
              {t('actions.reject')}
            </Button>
          </div>
        ) : null}
        {reservation.status === 'paid' ? (
          <div className="mt-4">
            <Button
              disabled={!hasEnded}
              loading={confirm.isPending}
              data-testid="confirm-consumption"
              onClick={() =>
                confirm.mutate(reservation.id, {
                  onSuccess: () => toast({ title: t('confirm.done'), color: 'success' }),
                  onError,
                })
              }
            >
              <Check aria-hidden="true" />
              {t('actions.confirm')}
            </Button>
            {!hasEnded ? (
              <p className="mt-2 text-sm text-neutral-600">
                {t('confirm.afterEnd', { end: formatInstant(reservation.endsAt, locale) })}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="mt-6" aria-labelledby="contact-traveller">
        <h2 id="contact-traveller" className="text-lg font-semibold text-neutral-900">
          {t('guide.contactTitle', { name: travellerName })}
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Button
            variant="outline"
            loading={isOpeningChat}
            onClick={() => startConversation(reservation.tourist.userId)}
          >
            <MessageCircle aria-hidden="true" />
            {t('actions.message')}
          </Button>
          <AddToCalendarLink reservationId={reservation.id} status={reservation.status} />
          {mayReportProblem(reservation) ? <ReportProblem reservationId={reservation.id} /> : null}
          <a
            href={`tel:${reservation.contactPhone.replace(/\s+/g, '')}`}
            className="inline-flex h-11 items-center gap-2 rounded-control border border-neutral-300 bg-surface px-4 text-sm font-semibold text-neutral-800 hover:bg-neutral-50"
          >
            <Phone aria-hidden="true" className="size-4" />
            {t('actions.call')}
            <span dir="ltr" className="font-normal text-neutral-600">
              {reservation.contactPhone}
            </span>
          </a>
          <a
            href={`mailto:${reservation.contactEmail}`}
            className="inline-flex h-11 items-center gap-2 rounded-control border border-neutral-300 bg-surface px-4 text-sm font-semibold text-neutral-800 hover:bg-neutral-50"
          >
            <Mail aria-hidden="true" className="size-4" />
            {t('actions.email')}
            <span dir="ltr" className="max-w-48 truncate font-normal text-neutral-600">
              {reservation.contactEmail}
            </span>
          </a>
        </div>
      </section>

      <section className="mt-8 rounded-card border border-neutral-200 bg-surface px-5 shadow-card">
        <h2 className="sr-only">{t('details.title')}</h2>
        <ReservationDetails reservation={reservation} showContact={false} />
      </section>

      <RejectDialog
        reservationId={reservation.id}
        travellerName={travellerName}
        open={isRejecting}
        onClose={() => setRejecting(false)}
      />
    </article>
  );
}
