import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportTargetType,
} from '@marco/contract/moderation-limits';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useRequireAuth } from '@/features/auth/hooks/use-require-auth';
import { useUser } from '@/features/auth/hooks/use-user';
import { useHydrated } from '@/hooks/use-hydrated';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/describe-error';
import { useCreateReport } from '../api/create-report';

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The author's id: nobody is offered to report themselves or what they wrote. */
  authorId?: string;
  /** Only an icon (in a message bubble); the label is still read out. */
  compact?: boolean;
  className?: string;
}

/**
 * "Report" on a review, a guide's reply, a message, a guide profile or a user: a reason from
 * the list and an optional note, sent once (a second report of the same item is told so).
 * A visitor is sent to sign in first. Shown once the page is interactive: it needs the session.
 */
export function ReportButton({ targetType, targetId, authorId, compact = false, className }: ReportButtonProps) {
  const { t, ready } = useTranslation('moderation');
  const isHydrated = useHydrated();
  const { user } = useUser();
  const requireAuth = useRequireAuth();
  const [open, setOpen] = useState(false);
  if (!isHydrated || !ready || (authorId && user?.id === authorId)) return null;
  const label = t(`report.button.${targetType}`);
  return (
    <>
      <button
        type="button"
        data-testid={`report-${targetType}`}
        aria-label={compact ? label : undefined}
        title={label}
        onClick={() => requireAuth(() => setOpen(true))}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-control text-sm text-neutral-500 hover:text-error-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          compact ? 'p-1' : 'px-1 py-1',
          className,
        )}
      >
        <Flag aria-hidden="true" className="size-4" />
        {compact ? null : <span>{t('report.action')}</span>}
      </button>
      {open ? (
        <ReportDialog targetType={targetType} targetId={targetId} title={label} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ReportDialog({
  targetType,
  targetId,
  title,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('moderation');
  const { t: tErrors } = useTranslation();
  const { toast } = useToast();
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [missingReason, setMissingReason] = useState(false);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    report.mutate(
      { targetType, targetId, reason, ...(text ? { text } : {}) },
      {
        onSuccess: () => {
          toast({ title: t('report.sent'), description: t('report.sentText'), color: 'success' });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'CONFLICT') {
            toast({ title: t('report.already'), color: 'info' });
            onClose();
            return;
          }
          const { title: errorTitle, description } = describeError(error, tErrors);
          toast({ title: errorTitle, description, color: 'error' });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={t('report.intro')}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} loading={report.isPending}>
            {t('report.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <fieldset aria-describedby={missingReason ? `${id}-missing` : undefined}>
          <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('report.reasonLabel')}</legend>
          <div className="flex flex-col gap-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissingReason(false);
                  }}
                  className="size-4 accent-brand-600"
                />
                <span className="text-sm text-neutral-800">{t(`reasons.${value}`)}</span>
              </label>
            ))}
          </div>
          {missingReason ? (
            <p id={`${id}-missing`} role="alert" className="mt-2 text-sm text-error-700">
              {t('report.reasonRequired')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-text`}>{t('report.textLabel')}</Label>
          <Textarea id={`${id}-text`} name="text" rows={3} maxLength={REPORT_TEXT_MAX} />
        </div>
      </form>
    </Dialog>
  );
}
