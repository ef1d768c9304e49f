import type { PayoutBatchStatus, PayoutStatus } from '@marco/contract/payouts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STYLES: Record<PayoutStatus | PayoutBatchStatus, string> = {
  pending: 'border-info-200 bg-info-50 text-info-800',
  review: 'border-info-200 bg-info-50 text-info-800',
  exported: 'border-warning-200 bg-warning-50 text-warning-800',
  sent: 'border-success-200 bg-success-50 text-success-800',
  returned: 'border-error-200 bg-error-50 text-error-800',
  removed: 'border-neutral-200 bg-neutral-50 text-neutral-700',
  cancelled: 'border-neutral-200 bg-neutral-50 text-neutral-700',
};

/** A payout's or a batch's state as a small coloured label. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus | PayoutBatchStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <span
      className={cn(
        'inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        STYLES[status],
      )}
      data-testid="payout-status"
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
