import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useRejectByGuide } from '../api/update-reservation';
import { useDescribeError } from '../hooks/use-describe-error';

/** The guide declines a request, with the reason the traveller will read. */
export function RejectDialog({
  reservationId,
  travellerName,
  open,
  onClose,
}: {
  reservationId: string;
  travellerName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const id = useId();
  const { toast } = useToast();
  const reject = useRejectByGuide();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!reason.trim()) {
      setError(t('reject.errors.reason'));
      return;
    }
    setError(null);
    reject.mutate(
      { id: reservationId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('reject.done'), color: 'success' });
          setReason('');
          onClose();
        },
        onError: (cause) => toast({ ...describe(cause), color: 'error' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('reject.title')}
      description={t('reject.description', { name: travellerName })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('reject.keep')}
          </Button>
          <Button variant="destructive" loading={reject.isPending} onClick={submit} data-testid="confirm-reject">
            {t('reject.confirm')}
          </Button>
        </>
      }
    >
      <Label htmlFor={`${id}-reason`}>{t('reject.reason')}</Label>
      <Textarea
        id={`${id}-reason`}
        rows={4}
        maxLength={1000}
        value={reason}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </Dialog>
  );
}
