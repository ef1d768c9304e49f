import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { safeReturnTo } from '@/features/auth/utils/return-to';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalePath } from '@/i18n/use-locale';
import { useSecondFactorStatus, useVerifySecondFactor } from '../api/second-factor';
import { CodeForm, StaffStepCard } from '../components/second-factor-parts';
import { Forbidden } from '../components/staff-only';
import { useIsStaff } from '../hooks/use-is-staff';

/** Where staff go once past the second factor, unless the page they wanted says otherwise. */
export const STAFF_HOME = '/admin/guides';

/** /staff/verify?returnTo=…: after the password, the code from the authenticator (or a recovery code). */
export function StaffVerifyPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('secondFactor.verify.title'));
  const [params] = useSearchParams();
  const localize = useLocalePath();
  const isStaff = useIsStaff();
  const status = useSecondFactorStatus(isStaff);
  const verify = useVerifySecondFactor();
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const returnTo = safeReturnTo(params.get('returnTo')) ?? STAFF_HOME;

  if (!isStaff) return <Forbidden />;
  if (status.isPending) {
    return (
      <StaffStepCard title={t('secondFactor.verify.title')} intro={t('secondFactor.verify.intro')}>
        <LoadingBlock rows={2} />
      </StaffStepCard>
    );
  }
  if (status.isError) {
    return (
      <StaffStepCard title={t('secondFactor.verify.title')} intro={t('secondFactor.verify.intro')}>
        <ErrorBlock error={status.error} onRetry={() => void status.refetch()} />
      </StaffStepCard>
    );
  }
  if (status.data.verified) return <Navigate replace to={localize(returnTo)} />;
  if (!status.data.enrolled) {
    return <Navigate replace to={localize(`/staff/enrol?returnTo=${encodeURIComponent(returnTo)}`)} />;
  }

  const switchTo = (next: 'totp' | 'recovery') => {
    verify.reset();
    setKind(next);
  };
  return (
    <StaffStepCard
      title={kind === 'totp' ? t('secondFactor.verify.title') : t('secondFactor.verify.recoveryTitle')}
      intro={kind === 'totp' ? t('secondFactor.verify.intro') : t('secondFactor.verify.recoveryIntro')}
    >
      <CodeForm
        key={kind}
        kind={kind}
        submitLabel={t('secondFactor.verify.submit')}
        pending={verify.isPending}
        error={verify.error}
        onSubmit={(value) => verify.mutate(kind === 'totp' ? { code: value } : { recoveryCode: value })}
      />
      <div className="mt-6 flex flex-col items-start gap-2 border-t border-neutral-200 pt-4 text-sm">
        <Button variant="link" className="h-auto p-0" onClick={() => switchTo(kind === 'totp' ? 'recovery' : 'totp')}>
          {kind === 'totp' ? t('secondFactor.verify.useRecovery') : t('secondFactor.verify.useCode')}
        </Button>
        {kind === 'recovery' ? (
          <p className="text-neutral-500">
            {t('secondFactor.verify.recoveryLeft', { left: status.data.recoveryCodesLeft })}
          </p>
        ) : null}
      </div>
    </StaffStepCard>
  );
}
