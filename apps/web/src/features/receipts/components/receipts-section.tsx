import { formatReceiptNumber } from '@marco/contract/receipts';
import type { CurrencyCode } from '@marco/contract/reference';
import type { Reservation } from '@marco/contract/reservations';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatInstant } from '@/features/reservations/utils/format';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { receiptPdfUrl, useReceipts } from '../api/get-receipts';

/** Statuses a reservation can have receipts in: paid once (and maybe refunded since). */
const MAY_HAVE_RECEIPTS = new Set<Reservation['status']>(['paid', 'completed', 'cancelled']);
/** Statuses whose payment surely went through: its receipt is on its way if not listed yet. */
const PAID = new Set<Reservation['status']>(['paid', 'completed']);

/** The traveller's receipts of a reservation (payment, then each refund), each a PDF to download. */
export function ReceiptsSection({ reservation }: { reservation: Pick<Reservation, 'id' | 'status'> }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const enabled = MAY_HAVE_RECEIPTS.has(reservation.status);
  const query = useReceipts(reservation.id, enabled);
  if (!enabled) return null;

  let body: React.ReactNode;
  if (query.isPending) {
    body = <div className="h-10 animate-pulse rounded-md bg-neutral-100" aria-hidden="true" />;
  } else if (query.isError) {
    body = (
      <p className="flex flex-wrap items-center gap-3 text-sm text-error-700" role="alert">
        {t('receipts.loadError')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('receipts.retry')}
        </Button>
      </p>
    );
  } else if (!query.data.data.length) {
    if (!PAID.has(reservation.status)) return null;
    body = <p className="text-sm text-neutral-600">{t('receipts.empty')}</p>;
  } else {
    body = (
      <ul className="divide-y divide-neutral-200">
        {query.data.data.map((receipt) => {
          const kind = receipt.kind === 'payment' ? t('receipts.payment') : t('receipts.refund');
          const number = formatReceiptNumber(receipt.number);
          return (
            <li key={receipt.number} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold text-neutral-900">
                  {kind} <span className="font-normal text-neutral-600">{t('receipts.number', { number })}</span>
                </p>
                <p className="text-sm text-neutral-600">
                  {formatInstant(receipt.issuedAt, locale)} ·{' '}
                  <bdi>{formatMoney(receipt.amountMinor, receipt.currency as CurrencyCode, locale)}</bdi>
                </p>
              </div>
              <a
                href={receiptPdfUrl(reservation.id, receipt.number, locale)}
                download
                aria-label={t('receipts.downloadLabel', { kind, number })}
                data-testid="download-receipt"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <FileDown aria-hidden="true" />
                {t('receipts.download')}
              </a>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="mt-8 rounded-card border border-neutral-200 bg-surface p-5 shadow-card" data-testid="receipts">
      <h2 className="text-lg font-semibold text-neutral-900">{t('receipts.title')}</h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
