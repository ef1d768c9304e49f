import type { ReservationStatus } from '@marco/contract/reservations';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STYLES: Record<ReservationStatus, string> = {
  pending: 'border-warning-200 bg-warning-50 text-warning-800',
  approved: 'border-info-200 bg-info-50 text-info-800',
  payment_pending: 'border-warning-200 bg-warning-50 text-warning-800',
  paid: 'border-success-200 bg-success-50 text-success-800',
  completed: 'border-brand-200 bg-brand-50 text-brand-800',
  cancelled: 'border-neutral-200 bg-neutral-100 text-neutral-700',
  rejected: 'border-error-200 bg-error-50 text-error-800',
  expired: 'border-neutral-200 bg-neutral-100 text-neutral-700',
};

/** The status label of spec §4 ("Awaiting approval", "Approved", …), localised. */
export function StatusBadge({ status, className }: { status: ReservationStatus; className?: string }) {
  const { t } = useTranslation('reservations');
  return (
    <span
      data-testid="reservation-status"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STYLES[status],
        className,
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
