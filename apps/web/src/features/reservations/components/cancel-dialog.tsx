import {
  CANCELLATION_REASONS,
  type CancellationReason,
  isFreeCancellation,
  type Reservation,
} from '@marco/contract/reservations';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { useCancelByTourist } from '../api/update-reservation';
import { useDescribeError } from '../hooks/use-describe-error';

/** What the traveller gets back by cancelling now (spec §9: free up to 24 h before the start). */
export function refundOf(reservation: Pick<Reservation, 'status' | 'startsAt' | 'price'>, now: Date) {
  const isPaid = reservation.status === 'paid';
  const isFree = isFreeCancellation(new Date(reservation.startsAt), now);
  return { isPaid, isFree, refundMinor: isPaid && isFree ? reservation.price.totalMinor : 0 };
}

/**
 * Cancel a reservation: a reason from the list (free text required for "other"), the
 * warning that it cannot be undone and the refund that applies, before confirming.
 */
export function CancelDialog({
  reservation,
  open,
  onClose,
}: {
  reservation: Reservation;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const locale = useLocale();
  const id = useId();
  const { toast } = useToast();
  const cancel = useCancelByTourist();
  const [reasonKey, setReasonKey] = useState<CancellationReason | null>(null);
  const [reasonText, setReasonText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const { isPaid, isFree, refundMinor } = refundOf(reservation, new Date());
  const money = formatMoney(refundMinor || reservation.price.totalMinor, reservation.price.currency, locale);

  let refund: string;
  if (!isPaid) refund = t('cancel.refund.unpaid');
  else if (isFree) refund = t('cancel.refund.full', { amount: money });
  else refund = t('cancel.refund.none', { amount: money });

  const submit = () => {
    const next: typeof errors = {};
    if (!reasonKey) next.reason = t('cancel.errors.reason');
    if (reasonKey === 'other' && !reasonText.trim()) next.text = t('cancel.errors.text');
    setErrors(next);
    if (!reasonKey || Object.keys(next).length > 0) return;
    cancel.mutate(
      { id: reservation.id, reasonKey, reasonText: reasonText.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: t('cancel.done'), color: 'success' });
          onClose();
        },
        onError: (error) => toast({ ...describe(error), color: 'error' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cancel.title')}
      description={t('cancel.description')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button variant="destructive" loading={cancel.isPending} onClick={submit} data-testid="confirm-cancel">
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <div className="mb-5 flex items-start gap-3 rounded-card border border-warning-200 bg-warning-50 p-4 text-sm text-warning-800">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('cancel.warning')}</p>
          <p className="mt-1" data-testid="cancel-refund">
            {refund}
          </p>
        </div>
      </div>
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-neutral-700">{t('cancel.reason')}</legend>
        <div className="flex flex-col gap-1">
          {CANCELLATION_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-3 rounded-control px-2 py-2 hover:bg-neutral-50"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={reason}
                checked={reasonKey === reason}
                onChange={() => setReasonKey(reason)}
                className="size-4 accent-brand-600"
              />
              <span className="text-sm text-neutral-800">{t(`cancel.reasons.${reason}`)}</span>
            </label>
          ))}
        </div>
        {errors.reason ? <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError> : null}
      </fieldset>
      <div className="mt-4">
        <Label htmlFor={`${id}-text`}>
          {t('cancel.text')}
          {reasonKey === 'other' ? null : (
            <span className="ms-1 font-normal text-neutral-500">({t('wizard.optional')})</span>
          )}
        </Label>
        <Textarea
          id={`${id}-text`}
          rows={3}
          maxLength={1000}
          value={reasonText}
          aria-invalid={Boolean(errors.text)}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
          onChange={(event) => setReasonText(event.target.value)}
        />
        {errors.text ? <FieldError id={`${id}-text-error`}>{errors.text}</FieldError> : null}
      </div>
    </Dialog>
  );
}
