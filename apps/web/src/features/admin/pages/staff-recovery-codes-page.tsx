import type { RecoveryCodes } from '@marco/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { secondFactorKey, useSecondFactorStatus } from '../api/second-factor';
import { CodeForm } from '../components/second-factor-parts';
import { StaffOnly } from '../components/staff-only';
import { useHasStaffRole } from '../hooks/use-is-staff';

/**
 * /staff/recovery-codes: a staff member replaces their recovery codes (every staff role; the
 * server asks for support or finance, which admin holds), confirming with a code from the
 * authenticator; the new codes are shown this once.
 */
export function StaffRecoveryCodesPage() {
  // Every role may: a finance-only member is checked as finance, anyone else as support.
  const isFinance = useHasStaffRole('finance');
  return (
    <StaffOnly staffRole={isFinance ? 'finance' : 'support'}>
      <RecoveryCodesPage />
    </StaffOnly>
  );
}

function RecoveryCodesPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('recovery.title'));
  const queryClient = useQueryClient();
  const status = useSecondFactorStatus();
  const regenerate = useRegenerateRecoveryCodes();
  const [confirming, setConfirming] = useState(false);

  const done = () => {
    regenerate.reset();
    void queryClient.invalidateQueries({ queryKey: secondFactorKey });
  };
  let body: ReactNode;
  if (regenerate.data) body = <NewCodes codes={regenerate.data} onDone={done} />;
  else if (status.isPending) body = <LoadingBlock rows={2} />;
  else if (status.isError) body = <ErrorBlock error={status.error} onRetry={() => void status.refetch()} />;
  else
    body = (
      <div className="flex flex-col gap-5 rounded-card border border-neutral-200 bg-surface p-6 shadow-card sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <KeyRound aria-hidden="true" className="size-6" />
          </span>
          <p className="text-lg font-semibold text-neutral-900" data-testid="recovery-codes-left">
            {t('recovery.left', { count: status.data.recoveryCodesLeft })}
          </p>
        </div>
        <Button onClick={() => setConfirming(true)}>{t('recovery.generate')}</Button>
      </div>
    );
  return (
    <PageShell>
      <PageIntro title={t('recovery.title')} intro={t('recovery.intro')} />
      <div className="mt-10 max-w-2xl">{body}</div>
      <Dialog
        open={confirming && !regenerate.data}
        onClose={() => {
          setConfirming(false);
          regenerate.reset();
        }}
        title={t('recovery.confirmTitle')}
        description={t('recovery.confirmText')}
      >
        <div className="mt-4">
          <CodeForm
            kind="totp"
            submitLabel={t('recovery.confirm')}
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={(code) =>
              regenerate.mutate(code, {
                onSuccess: () => setConfirming(false),
              })
            }
          />
        </div>
      </Dialog>
    </PageShell>
  );
}

function NewCodes({ codes, onDone }: { codes: RecoveryCodes; onDone: () => void }) {
  const { t } = useTranslation('staff');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.recoveryCodes.join('\n'));
    setCopied(true);
  };
  return (
    <section className="rounded-card border border-warning-200 bg-surface p-6 shadow-card" aria-labelledby="new-codes">
      <h2 id="new-codes" className="text-lg font-bold text-neutral-900">
        {t('recovery.newTitle')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-warning-800">{t('recovery.shownOnce')}</p>
      <ul
        dir="ltr"
        aria-label={t('recovery.listLabel')}
        data-testid="new-recovery-codes"
        className="mt-5 grid grid-cols-2 gap-2 rounded-lg bg-neutral-50 p-4 font-mono text-base text-neutral-900"
      >
        {codes.recoveryCodes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t('recovery.copied') : t('recovery.copy')}
        </Button>
        <Button onClick={onDone}>{t('recovery.done')}</Button>
      </div>
    </section>
  );
}
