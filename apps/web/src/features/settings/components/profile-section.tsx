import type { CurrentUser } from '@marco/contract/auth';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/features/auth/components/form-alert';
import { useMyProfile } from '../api/get-my-profile';
import { AvatarUpload } from './avatar-upload';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

/** Photo and personal details (spec §3 user profile); used by /settings and /settings/profile. */
export function ProfileSection({ user, id }: { user: CurrentUser; id?: string }) {
  const { t } = useTranslation('settings');
  const { profile, isFallback, refetch } = useMyProfile();
  return (
    <SettingsSection id={id} title={t('sections.profile.title')} description={t('sections.profile.description')}>
      <div className="flex flex-col gap-8">
        <AvatarUpload user={user} />
        {isFallback ? <FormAlert tone="info" title={t('profile.loadFailed')} /> : null}
        {profile ? <ProfileForm profile={profile} onReload={refetch} /> : <ProfileFormSkeleton />}
      </div>
    </SettingsSection>
  );
}

export function ProfileFormSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-hidden="true">
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-16" />
      <Skeleton className="h-28" />
    </div>
  );
}
