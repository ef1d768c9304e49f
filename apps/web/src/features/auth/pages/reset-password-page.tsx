import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useLocalePath } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useConfirmPasswordResetCode } from '../api/confirm-password-reset-code';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthPage } from '../components/auth-page';
import { NewPasswordForm } from '../components/new-password-form';
import { VerifyCodeForm } from '../components/verify-code-form';
import { useSignOut, whileEndingOwnSession } from '../hooks/use-sign-out';
import { useUser } from '../hooks/use-user';
import { clearReset, readReset, saveReset } from '../utils/auth-storage';

/** Forgotten password, steps 2 and 3 (spec §4): the code, then the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { isSignedIn } = useUser();
  const signOut = useSignOut();
  const [flow, setFlow] = useState(readReset);
  const confirmCode = useConfirmPasswordResetCode();
  const resendCode = useForgotPassword();
  const resetPassword = useResetPassword();

  if (!flow) return <Navigate replace to={localize('/auth/forgot-password')} />;
  const { resetToken } = flow;

  const update = (next: typeof flow) => {
    saveReset(next);
    setFlow(next);
  };

  const verify = async (code: string) => {
    const confirmed = await confirmCode.mutateAsync({ phoneNumber: flow.phoneNumber, code });
    update({ ...flow, resetToken: confirmed.resetToken });
  };

  const resend = async () => {
    const sent = await resendCode.mutateAsync({ phoneNumber: flow.phoneNumber });
    update({ ...sent, phoneNumber: flow.phoneNumber });
  };

  const setNewPassword = async ({ password }: { password: string }) => {
    if (!resetToken) return;
    await whileEndingOwnSession(() => resetPassword.mutateAsync({ resetToken, newPassword: password }));
    clearReset();
    const login = `/auth/login?phone=${encodeURIComponent(flow.phoneNumber)}`;
    // A reset ends every session of the account, this browser's too.
    if (isSignedIn) await signOut({ to: login, quiet: true });
    else await navigate(localize(login));
    toast({ color: 'success', title: t('reset.doneTitle'), description: t('reset.doneDescription') });
  };

  const onPasswordFailure = (error: unknown) => {
    toast({ color: 'error', ...describeError(error, tDefault) });
    // The confirmed code is used up or too old: back to the code step for a new one.
    if (isApiError(error) && error.code === 'VERIFICATION_FAILED') update({ ...flow, resetToken: undefined });
  };

  return (
    <AuthPage
      step={{ current: resetToken ? 2 : 1, total: 2 }}
      title={tPages('resetPassword.title')}
      intro={tPages('resetPassword.intro')}
    >
      <h2 className="mb-5 text-lg font-semibold text-neutral-900">
        {resetToken ? t('reset.passwordStep') : t('reset.codeStep')}
      </h2>
      {resetToken ? (
        <NewPasswordForm
          key="password"
          idPrefix="reset"
          submitLabel={t('reset.submitPassword')}
          onSubmit={setNewPassword}
          onFailure={onPasswordFailure}
        />
      ) : (
        <VerifyCodeForm
          key="code"
          idPrefix="reset"
          phoneNumber={flow.phoneNumber}
          codeExpiresAt={flow.codeExpiresAt}
          resendAvailableAt={flow.resendAvailableAt}
          devOutbox={flow.devOutbox}
          sentToKey="reset.sentTo"
          submitLabel={t('reset.submitCode')}
          onVerify={verify}
          onResend={resend}
          changeNumberPath="/auth/forgot-password"
        />
      )}
    </AuthPage>
  );
}
