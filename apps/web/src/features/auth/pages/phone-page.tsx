import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocalePath } from '@/i18n/use-locale';
import { AuthPage } from '../components/auth-page';
import { SignUpForm } from '../components/sign-up-form';
import { useUser } from '../hooks/use-user';
import { readRegistration, saveRegistration } from '../utils/auth-storage';
import { safeReturnTo, withReturnTo } from '../utils/return-to';

/**
 * Continue with a phone number: a new (or unfinished) number gets a code and goes on to
 * sign up; a number that already has an account goes to log in with its password.
 */
export function PhonePage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { isSignedIn } = useUser();
  const returnTo = safeReturnTo(params.get('returnTo'));

  if (isSignedIn) return <Navigate replace to={localize(returnTo ?? '/')} />;

  return (
    <AuthPage
      title={tPages('phone.title')}
      intro={tPages('phone.intro')}
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
        askNames={false}
        submitLabel={t('phoneStart.submit')}
        defaultPhoneNumber={readRegistration()?.phoneNumber}
        onCodeSent={(started) => {
          saveRegistration({ ...started, startPath: '/auth/phone', ...(returnTo ? { returnTo } : {}) });
          void navigate(localize('/auth/phone/verify'));
        }}
        onPhoneRegistered={(phoneNumber) => {
          const login = withReturnTo(
            `/auth/login?notice=registered&phone=${encodeURIComponent(phoneNumber)}`,
            returnTo,
          );
          void navigate(localize(login));
        }}
      />
    </AuthPage>
  );
}
