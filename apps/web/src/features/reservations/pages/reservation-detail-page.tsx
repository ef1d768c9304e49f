import type { Reservation } from '@marco/contract/reservations';
import { ExternalLink, MessageCircle, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { AddToCalendarLink } from '@/features/calendars/components/add-to-calendar-link';
import { mayReportProblem, ReportProblem } from '@/features/disputes/components/report-problem';
import { useStartConversation } from '@/features/messages/hooks/use-start-conversation';
import { PayButton } from '@/features/payments/components/pay-button';
import { ReceiptsSection } from '@/features/receipts/components/receipts-section';
import { RateDialog } from '@/features/reviews/components/rate-dialog';
import { StarRating } from '@/features/reviews/components/star-rating-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useReservation } from '../api/get-reservation';
import { CancelDialog } from '../components/cancel-dialog';
import { ReservationDetails, StatusExplanation } from '../components/reservation-details';
import { CardsSkeleton, ErrorState } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { personName } from '../utils/format';

const CANCELLABLE = new Set<Reservation['status']>(['pending', 'approved', 'payment_pending', 'paid']);
const PAYABLE = new Set<Reservation['status']>(['approved', 'payment_pending']);

/** /reservations/{id}: the traveller's reservation with pay, cancel, rate and message. */
export function ReservationDetailPage() {
  const { t } = useTranslation('reservations');
  const { id = '' } = useParams();
  const query = useReservation('tourist', id);
  useDocumentTitle(
    query.data ? t('traveller.detailTitle', { name: personName(query.data.guide) }) : t('traveller.title'),
  );

  let body: React.ReactNode;
  if (query.isPending) body = <CardsSkeleton count={2} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <TravellerReservation reservation={query.data} />;

  return (
    <PageShell className="max-w-4xl">
      <BackLink to="/reservations">{t('traveller.back')}</BackLink>
      <div className="mt-6">{body}</div>
    </PageShell>
  );
}

function TravellerReservation({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const { startConversation, isPending: isOpeningChat } = useStartConversation();
  const [dialog, setDialog] = useState<'cancel' | 'rate' | null>(null);
  const guideName = personName(reservation.guide);
  const hasStarted = new Date(reservation.startsAt).getTime() <= Date.now();
  const canCancel = CANCELLABLE.has(reservation.status) && !hasStarted;
  const canRate = reservation.status === 'completed' && !reservation.review;

  return (
    <article>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-headline font-bold text-neutral-900">
            {t('traveller.detailTitle', { name: guideName })}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusBadge status={reservation.status} className="text-sm" />
            {reservation.review ? (
              <span
                className="inline-flex items-center gap-2 rounded-full bg-accent-50 px-3 py-0.5 text-sm font-semibold text-accent-800"
                data-testid="review-submitted"
              >
                {t('rate.submitted')}
                <StarRating value={reservation.review.rating} />
              </span>
            ) : null}
          </div>
        </div>
      </header>

      <section className="mt-6 rounded-card border border-neutral-200 bg-neutral-50 p-4">
        <StatusExplanation reservation={reservation} side="tourist" />
        <div className="mt-4 flex flex-wrap gap-3">
          {PAYABLE.has(reservation.status) ? <PayButton reservationId={reservation.id} /> : null}
          <AddToCalendarLink reservationId={reservation.id} status={reservation.status} />
          {canRate ? (
            <Button onClick={() => setDialog('rate')} data-testid="rate-reservation">
              <Star aria-hidden="true" />
              {t('actions.rate')}
            </Button>
          ) : null}
          <Button variant="outline" loading={isOpeningChat} onClick={() => startConversation(reservation.guide.userId)}>
            <MessageCircle aria-hidden="true" />
            {t('actions.message')}
          </Button>
          <ButtonLink to={`/guides/${reservation.guideId}`} variant="ghost">
            <ExternalLink aria-hidden="true" />
            {t('actions.guideProfile')}
          </ButtonLink>
          {mayReportProblem(reservation) ? <ReportProblem reservationId={reservation.id} /> : null}
          {canCancel ? (
            <Button variant="ghost" className="text-error-700 hover:bg-error-50" onClick={() => setDialog('cancel')}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </div>
      </section>

      <section className="mt-8 rounded-card border border-neutral-200 bg-surface px-5 shadow-card">
        <h2 className="sr-only">{t('details.title')}</h2>
        <ReservationDetails reservation={reservation} showContact />
      </section>

      <ReceiptsSection reservation={reservation} />

      {canCancel ? (
        <CancelDialog reservation={reservation} open={dialog === 'cancel'} onClose={() => setDialog(null)} />
      ) : null}
      {canRate ? (
        <RateDialog
          reservationId={reservation.id}
          guideName={guideName}
          open={dialog === 'rate'}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </article>
  );
}
