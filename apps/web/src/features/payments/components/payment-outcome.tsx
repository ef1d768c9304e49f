import { PAYMENT_RETURN_QUERY } from '@marco/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleHelp, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { ReservationCard } from '@/features/reservations/components/reservation-card';
import { CardsSkeleton, ErrorState } from '@/features/reservations/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  PAYMENT_RECHECK_MS,
  PAYMENT_RECHECK_TIMES,
  paymentStatusQueryOptions,
  usePaymentStatus,
} from '../api/payment-complete';
import { PayButton } from './pay-button';

/**
 * /payment/success and /payment/failed: where the checkout sends the browser back with
 * `?reservation={id}`. The page re-checks with the provider (payment-complete) and shows
 * what the reservation really is now — the return address alone proves nothing.
 */
export function PaymentOutcome({ outcome }: { outcome: 'success' | 'failed' }) {
  const { t } = useTranslation('reservations');
  const [params] = useSearchParams();
  const reservationId = params.get(PAYMENT_RETURN_QUERY) ?? '';
  const status = usePaymentStatus(reservationId, { recheck: outcome === 'success' });
  const reservation = useReservation('tourist', reservationId);
  const current = status.data?.reservationStatus ?? reservation.data?.status;
  const isPaid = current === 'paid' || current === 'completed';
  // Each answer re-renders the page, so the count of answers tells whether re-checking goes on.
  const answers =
    useQueryClient().getQueryState(paymentStatusQueryOptions(reservationId, true).queryKey)?.dataUpdateCount ?? 0;
  const isChecking = outcome === 'success' && !isPaid && (status.isPending || answers < PAYMENT_RECHECK_TIMES);
  const canRetry = current === 'approved' || current === 'payment_pending';

  let state: 'paid' | 'checking' | 'failed' | 'unconfirmed';
  if (isPaid) state = 'paid';
  else if (outcome === 'failed') state = 'failed';
  else if (isChecking && !status.isError) state = 'checking';
  else state = 'unconfirmed';
  useDocumentTitle(reservationId ? t(`payment.${state}.title`) : t('payment.missing.title'));

  if (!reservationId) {
    return (
      <PageShell className="max-w-3xl">
        <div data-testid="payment-outcome" data-state="missing">
          <CircleHelp aria-hidden="true" className="mb-6 size-12 text-neutral-500" />
          <h1 className="text-headline font-bold text-neutral-900">{t('payment.missing.title')}</h1>
          <p className="mt-4 text-lg leading-relaxed text-neutral-600">{t('payment.missing.text')}</p>
        </div>
        <div className="mt-8">
          <ButtonLink to="/reservations">{t('payment.toReservations')}</ButtonLink>
        </div>
      </PageShell>
    );
  }

  const Icon = { paid: CircleCheck, checking: Clock, failed: CircleX, unconfirmed: Clock }[state];
  const iconClass = {
    paid: 'text-success-600',
    checking: 'text-info-600',
    failed: 'text-error-600',
    unconfirmed: 'text-warning-600',
  }[state];

  return (
    <PageShell className="max-w-3xl">
      <div data-testid="payment-outcome" data-state={state}>
        <Icon aria-hidden="true" className={`mb-6 size-12 ${iconClass}`} />
        <h1 className="text-headline font-bold text-neutral-900">{t(`payment.${state}.title`)}</h1>
        <p className="mt-4 text-lg leading-relaxed text-neutral-600" role="status">
          {t(`payment.${state}.text`, { seconds: (PAYMENT_RECHECK_MS * PAYMENT_RECHECK_TIMES) / 1000 })}
        </p>
        {state === 'checking' ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-neutral-600">
            <Spinner /> {t('payment.checking.hint')}
          </p>
        ) : null}
      </div>

      {status.isError && !reservation.data ? (
        <div className="mt-8">
          <ErrorState error={status.error} onRetry={() => void status.refetch()} />
        </div>
      ) : null}

      <div className="mt-8">
        {reservation.isPending ? (
          <CardsSkeleton count={1} />
        ) : reservation.isError ? (
          <ErrorState error={reservation.error} onRetry={() => void reservation.refetch()} />
        ) : (
          <ReservationCard
            reservation={{ ...reservation.data, status: current ?? reservation.data.status }}
            side="tourist"
            to={`/reservations/${reservationId}`}
          />
        )}
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        {state !== 'paid' && canRetry ? <PayButton reservationId={reservationId} label={t('payment.retry')} /> : null}
        {state === 'unconfirmed' ? (
          <Button variant="outline" loading={status.isFetching} onClick={() => void status.refetch()}>
            {t('payment.checkAgain')}
          </Button>
        ) : null}
        <ButtonLink to={`/reservations/${reservationId}`} variant={state === 'paid' ? 'default' : 'outline'}>
          {t('payment.viewReservation')}
        </ButtonLink>
        <ButtonLink to="/reservations" variant="ghost">
          {t('payment.toReservations')}
        </ButtonLink>
      </div>
    </PageShell>
  );
}
