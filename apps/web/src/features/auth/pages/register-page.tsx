import { useTranslation } from 'react-i18next';
import { SignUpStart } from '../components/sign-up-start';

/** Sign-up step 1 of 4: names, phone and consents; then code, password and onboarding. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  return (
    <SignUpStart
      startPath="/auth/register"
      step={{ current: 1, total: 4 }}
      title={tPages('register.title')}
      intro={tPages('register.intro')}
      submitLabel={t('register.submit')}
      askNames
    />
  );
}
