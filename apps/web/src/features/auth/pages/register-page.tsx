import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocalePath } from '@/i18n/use-locale';
import { AuthPage } from '../components/auth-page';
import { SignUpForm } from '../components/sign-up-form';
import { useUser } from '../hooks/use-user';
import { readRegistration, saveRegistration } from '../utils/auth-storage';
import { safeReturnTo, withReturnTo } from '../utils/return-to';

/** Sign-up step 1 of 4: names, phone and consents; then code, password and onboarding. */
export function RegisterPage() {
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
      step={{ current: 1, total: 4 }}
      title={tPages('register.title')}
      intro={tPages('register.intro')}
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
        askNames
        submitLabel={t('register.submit')}
        defaultPhoneNumber={readRegistration()?.phoneNumber}
        onCodeSent={(started) => {
          saveRegistration({ ...started, startPath: '/auth/register', ...(returnTo ? { returnTo } : {}) });
          void navigate(localize('/auth/phone/verify'));
        }}
      />
    </AuthPage>
  );
}
