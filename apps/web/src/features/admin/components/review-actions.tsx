import { type AdminGuideDetail, RejectGuideSchema } from '@marco/contract/guides';
import { BadgeCheck, Ban, Check, GraduationCap, RotateCcw, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { type ReviewAction, useReviewGuide } from '../api/review-guide';

type Pending = 'approve' | 'reject' | 'suspend' | 'reinstate' | 'verify' | 'unverify' | 'certify' | 'uncertify';

/** Approve / reject (reason) / verify / certify / suspend / reinstate, each after a confirmation. */
export function ReviewActions({ guide }: { guide: AdminGuideDetail }) {
  const { t } = useTranslation('admin');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const review = useReviewGuide(guide.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const name = [guide.name, guide.surname].filter(Boolean).join(' ') || guide.phoneNumber || t('detail.unnamed');

  const open = (action: Pending) => {
    setReason('');
    setReasonError(null);
    setPending(action);
  };

  const confirm = () => {
    if (!pending) return;
    let action: ReviewAction;
    if (pending === 'reject') {
      const parsed = RejectGuideSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(t('actions.reasonRequired'));
        return;
      }
      action = { type: 'reject', reason: parsed.data.reason };
    } else if (pending === 'suspend') action = { type: 'suspend', reason: reason.trim() || undefined };
    else if (pending === 'verify' || pending === 'unverify')
      action = { type: 'flags', flags: { verified: pending === 'verify' } };
    else if (pending === 'certify' || pending === 'uncertify')
      action = { type: 'flags', flags: { certificated: pending === 'certify' } };
    else action = { type: pending };
    review.mutate(action, {
      onSuccess: () => {
        toast({ color: 'success', title: t(`actions.${pending}.done`, { name }), timeout: 4000 });
        setPending(null);
      },
      onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
    });
  };

  const buttons: ReactNode[] = [];
  if (guide.status === 'submitted') {
    buttons.push(
      <Button key="approve" onClick={() => open('approve')}>
        <Check aria-hidden="true" />
        {t('actions.approve.button')}
      </Button>,
      <Button key="reject" variant="delete" onClick={() => open('reject')}>
        <X aria-hidden="true" />
        {t('actions.reject.button')}
      </Button>,
    );
  }
  if (guide.status === 'approved') {
    buttons.push(
      <Button key="suspend" variant="delete" onClick={() => open('suspend')}>
        <Ban aria-hidden="true" />
        {t('actions.suspend.button')}
      </Button>,
    );
  }
  if (guide.status === 'suspended') {
    buttons.push(
      <Button key="reinstate" onClick={() => open('reinstate')}>
        <RotateCcw aria-hidden="true" />
        {t('actions.reinstate.button')}
      </Button>,
    );
  }
  buttons.push(
    <Button key="verify" variant="outline" onClick={() => open(guide.verified ? 'unverify' : 'verify')}>
      <BadgeCheck aria-hidden="true" />
      {guide.verified ? t('actions.unverify.button') : t('actions.verify.button')}
    </Button>,
    <Button key="certify" variant="outline" onClick={() => open(guide.certificated ? 'uncertify' : 'certify')}>
      <GraduationCap aria-hidden="true" />
      {guide.certificated ? t('actions.uncertify.button') : t('actions.certify.button')}
    </Button>,
  );

  const asksReason = pending === 'reject' || pending === 'suspend';
  const isDestructive = pending === 'reject' || pending === 'suspend';
  return (
    <>
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">{t('actions.label')}</legend>
        {buttons}
      </fieldset>
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(`actions.${pending}.title`, { name }) : ''}
        description={pending ? t(`actions.${pending}.text`, { name }) : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setPending(null)}>
              {t('actions.cancel')}
            </Button>
            <Button variant={isDestructive ? 'destructive' : 'default'} loading={review.isPending} onClick={confirm}>
              {pending ? t(`actions.${pending}.confirm`) : ''}
            </Button>
          </>
        }
      >
        {asksReason ? (
          <div>
            <Label htmlFor={reasonId}>
              {pending === 'reject' ? t('actions.reasonLabel') : t('actions.reasonOptionalLabel')}
            </Label>
            <Textarea
              id={reasonId}
              rows={4}
              dir="auto"
              maxLength={2000}
              value={reason}
              aria-invalid={Boolean(reasonError)}
              aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-hint`}
              onChange={(event) => setReason(event.target.value)}
            />
            <p id={`${reasonId}-hint`} className="mt-1.5 text-sm text-neutral-500">
              {t('actions.reasonHint')}
            </p>
            {reasonError ? <FieldError id={`${reasonId}-error`}>{reasonError}</FieldError> : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
