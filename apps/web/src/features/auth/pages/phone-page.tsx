import { useTranslation } from 'react-i18next';
import { SignUpStart } from '../components/sign-up-start';

/**
 * Continue with a phone number: a new (or unfinished) number gets a code and goes on to
 * sign up; a number that already has an account goes to log in with its password.
 */
export function PhonePage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  return (
    <SignUpStart
      startPath="/auth/phone"
      title={tPages('phone.title')}
      intro={tPages('phone.intro')}
      submitLabel={t('phoneStart.submit')}
      askNames={false}
      sendRegisteredToLogin
    />
  );
}
