import { staffRolesOf } from '@marco/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocalePath } from '@/i18n/use-locale';
import { AuthPage } from '../components/auth-page';
import { LoginForm } from '../components/login-form';
import { useUser } from '../hooks/use-user';
import { safeReturnTo, withReturnTo } from '../utils/return-to';

const linkClass = 'font-semibold text-brand-700 hover:underline';

/** `/auth/login?returnTo=/settings&phone=+90…`: signed in, the user goes back to `returnTo`. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const [params] = useSearchParams();
  const localize = useLocalePath();
  const { isSignedIn, user } = useUser();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const phone = params.get('phone') ?? '';
  // A social sign-in that created the account goes on to onboarding instead.
  const [isNewSocialAccount, setNewSocialAccount] = useState(false);

  if (isSignedIn) {
    // Staff pass their second factor right after the password (issue 18), then go on.
    if (staffRolesOf(user?.roles ?? []).length > 0) {
      const next = returnTo ?? '/admin/guides';
      return <Navigate replace to={localize(`/staff/verify?returnTo=${encodeURIComponent(next)}`)} />;
    }
    return <Navigate replace to={localize(isNewSocialAccount ? '/auth/phone/onboard' : (returnTo ?? '/'))} />;
  }

  return (
    <AuthPage
      title={tPages('login.title')}
      intro={tPages('login.intro')}
      footer={
        <div className="flex flex-col gap-3">
          <p>
            {t('login.noAccount')}{' '}
            <LocalizedLink to={withReturnTo('/auth/register', returnTo)} className={linkClass}>
              {t('login.signUp')}
            </LocalizedLink>
          </p>
          <p>
            <LocalizedLink to={withReturnTo('/auth/phone', returnTo)} className={linkClass}>
              {t('login.continueWithPhone')}
            </LocalizedLink>
          </p>
        </div>
      }
    >
      <LoginForm
        defaultPhoneNumber={phone}
        notice={params.get('notice') === 'registered' ? t('login.registeredNotice') : undefined}
        onNewSocialAccount={() => setNewSocialAccount(true)}
      />
    </AuthPage>
  );
}
