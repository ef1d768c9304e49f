import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocalePath } from '@/i18n/use-locale';
import { useUser } from '../hooks/use-user';
import { readRegistration, saveRegistration } from '../utils/auth-storage';
import { safeReturnTo, withReturnTo } from '../utils/return-to';
import { AuthPage } from './auth-page';
import { SignUpForm } from './sign-up-form';

type SignUpStartProps = {
  /** The page the sign-up started on, so the code screen can send the user back to it. */
  startPath: '/auth/register' | '/auth/phone';
  title: string;
  intro: string;
  submitLabel: string;
  askNames: boolean;
  step?: { current: number; total: number };
  /** A number that already has an account goes to log in with it (continue with phone). */
  sendRegisteredToLogin?: boolean;
};

/**
 * The first screen of a phone sign-up (register, continue with phone): a signed-in user goes
 * on to where they were going; otherwise the number gets a code and the verify screen opens.
 */
export function SignUpStart({
  startPath,
  title,
  intro,
  submitLabel,
  askNames,
  step,
  sendRegisteredToLogin = false,
}: SignUpStartProps) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { isSignedIn } = useUser();
  const returnTo = safeReturnTo(params.get('returnTo'));

  if (isSignedIn) return <Navigate replace to={localize(returnTo ?? '/')} />;

  return (
    <AuthPage
      step={step}
      title={title}
      intro={intro}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <LocalizedLink
            to={withReturnTo('/auth/login', returnTo)}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('register.logIn')}
          </LocalizedLink>
        </p>
      }
    >
      <SignUpForm
        askNames={askNames}
        submitLabel={submitLabel}
        defaultPhoneNumber={readRegistration()?.phoneNumber}
        onCodeSent={(started) => {
          saveRegistration({ ...started, startPath, ...(returnTo ? { returnTo } : {}) });
          void navigate(localize('/auth/phone/verify'));
        }}
        onPhoneRegistered={
          sendRegisteredToLogin
            ? (phoneNumber) => {
                const login = withReturnTo(
                  `/auth/login?notice=registered&phone=${encodeURIComponent(phoneNumber)}`,
                  returnTo,
                );
                void navigate(localize(login));
              }
            : undefined
        }
      />
    </AuthPage>
  );
}
