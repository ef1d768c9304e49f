import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/layouts/back-link';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { useUser } from '@/features/auth/hooks/use-user';
import { ProfileSection } from '../components/profile-section';

/** `/settings/profile`: the profile section alone. */
export function SettingsProfilePage() {
  const { t } = useTranslation('settings');
  const { t: tPages } = useTranslation('pages');
  const { user } = useUser();
  if (!user) return null;
  return (
    <PageShell className="max-w-3xl">
      <BackLink to="/settings">{t('backToSettings')}</BackLink>
      <PageIntro title={tPages('settingsProfile.title')} intro={tPages('settingsProfile.intro')} />
      <div className="mt-10">
        <ProfileSection user={user} />
      </div>
    </PageShell>
  );
}
