import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useLocalePath } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useCheckPhoneCode } from '../api/check-phone-code';
import { useRegisterWithPhone } from '../api/register-with-phone';
import { AuthPage } from '../components/auth-page';
import { VerifyCodeForm } from '../components/verify-code-form';
import { clearRegistration, readRegistration, saveRegistration } from '../utils/auth-storage';

/** Sign-up step 2 of 4: the texted code, with its countdown and a resend once allowed. */
export function PhoneVerifyPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [flow, setFlow] = useState(readRegistration);
  const checkCode = useCheckPhoneCode();
  const resendCode = useRegisterWithPhone();

  if (!flow) return <Navigate replace to={localize('/auth/register')} />;

  const verify = async (code: string) => {
    try {
      const { registrationToken } = await checkCode.mutateAsync({ userId: flow.userId, code });
      saveRegistration({ ...flow, registrationToken });
      await navigate(localize('/auth/phone/password'));
    } catch (error) {
      // The number finished signing up meanwhile (another tab): log in instead.
      if (isApiError(error) && error.code === 'REGISTRATION_FAILED') {
        clearRegistration();
        toast({ color: 'error', ...describeError(error, tDefault) });
        await navigate(localize(`/auth/login?phone=${encodeURIComponent(flow.phoneNumber)}`));
        return;
      }
      throw error;
    }
  };

  const resend = async () => {
    const sent = await resendCode.mutateAsync({
      phoneNumber: flow.phoneNumber,
      ...(flow.name ? { name: flow.name } : {}),
      ...(flow.surname ? { surname: flow.surname } : {}),
      extraProperties: { termsConsent: true, privacyConsent: true },
    });
    const next = { ...flow, ...sent, registrationToken: undefined };
    saveRegistration(next);
    setFlow(next);
  };

  return (
    <AuthPage step={{ current: 2, total: 4 }} title={tPages('phoneVerify.title')} intro={tPages('phoneVerify.intro')}>
      <VerifyCodeForm
        idPrefix="signup"
        phoneNumber={flow.phoneNumber}
        codeExpiresAt={flow.codeExpiresAt}
        resendAvailableAt={flow.resendAvailableAt}
        devOutbox={flow.devOutbox}
        submitLabel={t('verify.submit')}
        onVerify={verify}
        onResend={resend}
        changeNumberPath={flow.startPath ?? '/auth/register'}
      />
    </AuthPage>
  );
}
