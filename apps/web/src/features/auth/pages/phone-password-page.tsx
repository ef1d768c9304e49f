import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useLocalePath } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useSetPasswordForPhone } from '../api/set-password-for-phone';
import { AuthPage } from '../components/auth-page';
import { NewPasswordForm } from '../components/new-password-form';
import { clearRegistration, readRegistration, saveRegistration } from '../utils/auth-storage';

/** Sign-up step 3 of 4: the password; ends signed in. */
export function PhonePasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const setPassword = useSetPasswordForPhone();
  // A snapshot: the stored flow loses its token on success, which must not send the page back.
  const [flow] = useState(readRegistration);

  if (!flow) return <Navigate replace to={localize('/auth/register')} />;
  const { registrationToken } = flow;
  if (!registrationToken) return <Navigate replace to={localize('/auth/phone/verify')} />;

  const onFailure = (error: unknown) => {
    toast({ color: 'error', ...describeError(error, tDefault) });
    if (!isApiError(error)) return;
    if (error.code === 'VERIFICATION_FAILED') {
      // The confirmed code is used up or too old: a new code starts again.
      saveRegistration({ ...flow, registrationToken: undefined });
      void navigate(localize('/auth/phone/verify'));
    } else if (error.code === 'PASSWORD_SETUP_FAILED') {
      clearRegistration();
      void navigate(localize(`/auth/login?phone=${encodeURIComponent(flow.phoneNumber)}`));
    }
  };

  return (
    <AuthPage
      step={{ current: 3, total: 4 }}
      title={tPages('phonePassword.title')}
      intro={tPages('phonePassword.intro')}
    >
      <NewPasswordForm
        idPrefix="signup"
        submitLabel={t('password.submit')}
        withRememberMe
        onSubmit={async ({ password, rememberMe }) => {
          await setPassword.mutateAsync({ userId: flow.userId, registrationToken, password, rememberMe });
          saveRegistration({ ...flow, registrationToken: undefined });
          await navigate(localize('/auth/phone/onboard'));
        }}
        onFailure={onFailure}
      />
    </AuthPage>
  );
}
