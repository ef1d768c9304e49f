import type { RecoveryCodes } from '@marco/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { safeReturnTo } from '@/features/auth/utils/return-to';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalePath } from '@/i18n/use-locale';
import {
  secondFactorKey,
  useConfirmTotpEnrolment,
  useSecondFactorStatus,
  useStartTotpEnrolment,
} from '../api/second-factor';
import { CodeForm, StaffStepCard, StepError } from '../components/second-factor-parts';
import { Forbidden } from '../components/staff-only';
import { useIsStaff } from '../hooks/use-is-staff';
import { STAFF_HOME } from './staff-verify-page';

/**
 * /staff/enrol?returnTo=…: a staff member's first sign-in sets up an authenticator app: a
 * QR code (or the key typed by hand), the first code to confirm it, then the ten recovery
 * codes, shown this once.
 */
export function StaffEnrolPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('secondFactor.enrol.title'));
  const [params] = useSearchParams();
  const localize = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isStaff = useIsStaff();
  const status = useSecondFactorStatus(isStaff);
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? STAFF_HOME;

  if (!isStaff) return <Forbidden />;
  const card = (children: ReactNode) => (
    <StaffStepCard title={t('secondFactor.enrol.title')} intro={t('secondFactor.enrol.intro')}>
      {children}
    </StaffStepCard>
  );
  if (confirm.data) {
    const finish = async () => {
      await queryClient.invalidateQueries({ queryKey: secondFactorKey });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      navigate(localize(returnTo), { replace: true });
    };
    return <RecoveryCodesStep codes={confirm.data} onDone={() => void finish()} />;
  }
  if (status.isPending) return card(<LoadingBlock rows={3} />);
  if (status.isError) return card(<ErrorBlock error={status.error} onRetry={() => void status.refetch()} />);
  if (status.data.enrolled) {
    const next = status.data.verified ? returnTo : `/staff/verify?returnTo=${encodeURIComponent(returnTo)}`;
    return <Navigate replace to={localize(next)} />;
  }
  if (!start.data) {
    return card(
      <div className="flex flex-col gap-4">
        {start.error ? <StepError error={start.error} /> : null}
        <ol className="list-decimal space-y-2 ps-5 text-neutral-700">
          <li>{t('secondFactor.enrol.stepInstall')}</li>
          <li>{t('secondFactor.enrol.stepScan')}</li>
          <li>{t('secondFactor.enrol.stepCode')}</li>
        </ol>
        <Button size="lg" loading={start.isPending} onClick={() => start.mutate()}>
          {t('secondFactor.enrol.start')}
        </Button>
      </div>,
    );
  }
  const enrolment = start.data;
  return card(
    <div className="flex flex-col gap-6">
      <figure className="flex flex-col items-center gap-3">
        <img
          src={enrolment.qrCodeDataUrl}
          alt={t('secondFactor.enrol.qrAlt')}
          width={224}
          height={224}
          className="size-56 rounded-lg border border-neutral-200 bg-white p-2"
        />
        <figcaption className="text-center text-sm text-neutral-600">{t('secondFactor.enrol.qrCaption')}</figcaption>
      </figure>
      <div className="rounded-lg bg-neutral-50 p-4 text-sm">
        <p className="text-neutral-700">{t('secondFactor.enrol.manual')}</p>
        <p
          dir="ltr"
          className="mt-2 break-all text-start font-mono text-base tracking-wider text-neutral-900"
          data-testid="totp-secret"
        >
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </p>
      </div>
      <CodeForm
        kind="totp"
        submitLabel={t('secondFactor.enrol.confirm')}
        pending={confirm.isPending}
        error={confirm.error}
        onSubmit={(code) => confirm.mutate(code)}
      />
    </div>,
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: RecoveryCodes; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.recoveryCodes.join('\n'));
    setCopied(true);
  };
  return (
    <StaffStepCard title={t('secondFactor.recovery.title')} intro={t('secondFactor.recovery.intro')}>
      <ul
        dir="ltr"
        aria-label={t('secondFactor.recovery.listLabel')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-neutral-50 p-4 font-mono text-base text-neutral-900"
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
          {copied ? t('secondFactor.recovery.copied') : t('secondFactor.recovery.copy')}
        </Button>
        <Button onClick={onDone}>{t('secondFactor.recovery.done')}</Button>
      </div>
    </StaffStepCard>
  );
}
