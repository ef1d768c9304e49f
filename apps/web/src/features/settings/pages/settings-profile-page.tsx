import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/layouts/back-link';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/hooks/use-user';
import { useMyProfile } from '../api/get-my-profile';
import { ContactForm } from '../components/contact-form';
import { ProfileSection } from '../components/profile-section';
import { SettingsSection } from '../components/settings-section';

/** `/settings/profile`: the profile, and the e-mail address with its confirmation. */
export function SettingsProfilePage() {
  const { t } = useTranslation('settings');
  const { t: tPages } = useTranslation('pages');
  const { user } = useUser();
  const { profile } = useMyProfile();
  if (!user) return null;
  return (
    <PageShell className="max-w-3xl">
      <BackLink to="/settings">{t('backToSettings')}</BackLink>
      <PageIntro title={tPages('settingsProfile.title')} intro={tPages('settingsProfile.intro')} />
      <div className="mt-10 flex flex-col gap-8">
        <ProfileSection user={user} />
        <SettingsSection title={t('sections.contact.title')} description={t('sections.contact.description')}>
          {profile ? <ContactForm profile={profile} /> : <Skeleton className="h-12" />}
        </SettingsSection>
      </div>
    </PageShell>
  );
}
