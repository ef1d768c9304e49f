import type { MyProfile } from '@marco/contract/accounts';
import {
  Bell,
  Bug,
  ChevronRight,
  Coins,
  FileDown,
  LogOut,
  Mail,
  MapPin,
  ShieldCheck,
  Trash2,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useUser } from '@/features/auth/hooks/use-user';
import { GuideSettingsLinks } from '@/features/guides/components/guide-settings-links';
import { PushSettings } from '@/features/push/components/push-settings';
import { useMyProfile } from '../api/get-my-profile';
import { AddressBook } from '../components/address-book';
import { ChangePasswordForm } from '../components/change-password-form';
import { ContactForm } from '../components/contact-form';
import { CurrencySettings } from '../components/currency-settings';
import { DeleteAccount } from '../components/delete-account-dialog';
import { DownloadMyData } from '../components/download-my-data';
import { EmailConfirmationNotice } from '../components/email-confirmation-notice';
import { FeedbackForm } from '../components/feedback-form';
import { MessageLanguageSetting } from '../components/message-language-setting';
import { NotificationSettings } from '../components/notification-settings';
import { ProfileSection } from '../components/profile-section';
import { SettingsSection } from '../components/settings-section';

// spec §2: the sections every user has (and issue 8's data download, issue 15's addresses); guide-only sections come with guide mode.
const SECTIONS = [
  { id: 'profile', icon: UserRound },
  { id: 'contact', icon: Mail },
  { id: 'addresses', icon: MapPin },
  { id: 'security', icon: ShieldCheck },
  { id: 'notifications', icon: Bell },
  { id: 'currency', icon: Coins },
  { id: 'feedback', icon: Bug },
  { id: 'my-data', icon: FileDown },
  { id: 'delete-account', icon: Trash2 },
] as const;

const titleKeys = {
  profile: 'sections.profile.title',
  contact: 'sections.contact.title',
  addresses: 'sections.addresses.title',
  security: 'sections.security.title',
  notifications: 'sections.notifications.title',
  currency: 'sections.currency.title',
  feedback: 'sections.feedback.title',
  'my-data': 'sections.myData.title',
  'delete-account': 'sections.deleteAccount.title',
} as const;

function SettingsNav() {
  const { t } = useTranslation('settings');
  const { t: tPages } = useTranslation('pages');
  return (
    <nav aria-label={tPages('settings.sectionsLabel')} className="lg:sticky lg:top-24">
      <ul className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card lg:divide-y-0 lg:border-0 lg:bg-transparent lg:shadow-none">
        {SECTIONS.map(({ id, icon: Icon }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="flex items-center gap-3 px-4 py-3.5 text-sm font-medium text-neutral-800 hover:bg-neutral-50 lg:rounded-control lg:px-3 lg:py-2.5 lg:hover:bg-neutral-100"
            >
              <Icon
                aria-hidden="true"
                className={id === 'delete-account' ? 'size-5 text-error-600' : 'size-5 text-brand-700'}
              />
              <span className="flex-1">{t(titleKeys[id])}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-neutral-400 lg:hidden rtl:rotate-180" />
            </a>
          </li>
        ))}
      </ul>
      <GuideSettingsLinks />
    </nav>
  );
}

/** A section that needs the profile: a placeholder until it has loaded. */
function WithProfile({
  profile,
  children,
}: {
  profile: MyProfile | undefined;
  children: (profile: MyProfile) => ReactNode;
}) {
  return profile ? children(profile) : <Skeleton className="h-12" />;
}

/** `/settings`: every section on one page, with a side navigation on desktop and a list on phones. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tPages } = useTranslation('pages');
  const { user } = useUser();
  const { profile } = useMyProfile();
  const signOut = useSignOut();
  if (!user) return null;

  return (
    <PageShell>
      <PageIntro title={tPages('settings.title')} intro={tPages('settings.intro')} />
      <div className="mt-6 empty:hidden">
        <EmailConfirmationNotice />
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <SettingsNav />
        <div className="flex min-w-0 flex-col gap-8">
          <ProfileSection id="profile" user={user} />
          <SettingsSection
            id="contact"
            title={t('sections.contact.title')}
            description={t('sections.contact.description')}
          >
            <WithProfile profile={profile}>{(loaded) => <ContactForm profile={loaded} />}</WithProfile>
          </SettingsSection>
          <SettingsSection
            id="addresses"
            title={t('sections.addresses.title')}
            description={t('sections.addresses.description')}
          >
            <AddressBook />
          </SettingsSection>
          <SettingsSection
            id="security"
            title={t('sections.security.title')}
            description={t('sections.security.description')}
          >
            <div className="flex flex-col gap-8">
              <div>
                <h3 className="mb-4 font-semibold text-neutral-900">{t('security.changePasswordTitle')}</h3>
                {user.hasPassword ? (
                  <ChangePasswordForm />
                ) : (
                  <div className="flex flex-col items-start gap-3 text-sm text-neutral-700">
                    <p>{t('security.noPassword')}</p>
                    <ButtonLink
                      to={`/auth/forgot-password?phone=${encodeURIComponent(user.phoneNumber ?? '')}`}
                      variant="outline"
                      size="sm"
                    >
                      {t('security.setPassword')}
                    </ButtonLink>
                  </div>
                )}
              </div>
              <div className="flex flex-col gap-3 border-t border-neutral-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-neutral-900">{t('security.signOutTitle')}</h3>
                  <p className="text-sm text-neutral-600">{t('security.signOutDescription')}</p>
                </div>
                <Button variant="outline" onClick={() => void signOut()}>
                  <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
                  {t('security.signOut')}
                </Button>
              </div>
            </div>
          </SettingsSection>
          <SettingsSection
            id="notifications"
            title={t('sections.notifications.title')}
            description={t('sections.notifications.description')}
          >
            <WithProfile profile={profile}>
              {(loaded) => (
                <>
                  <MessageLanguageSetting profile={loaded} />
                  <NotificationSettings profile={loaded} />
                </>
              )}
            </WithProfile>
            <PushSettings />
          </SettingsSection>
          <SettingsSection
            id="currency"
            title={t('sections.currency.title')}
            description={t('sections.currency.description')}
          >
            <WithProfile profile={profile}>{(loaded) => <CurrencySettings profile={loaded} />}</WithProfile>
          </SettingsSection>
          <SettingsSection
            id="feedback"
            title={t('sections.feedback.title')}
            description={t('sections.feedback.description')}
          >
            <FeedbackForm />
          </SettingsSection>
          <SettingsSection
            id="my-data"
            title={t('sections.myData.title')}
            description={t('sections.myData.description')}
          >
            <DownloadMyData />
          </SettingsSection>
          <SettingsSection
            id="delete-account"
            tone="danger"
            title={t('sections.deleteAccount.title')}
            description={t('sections.deleteAccount.description')}
          >
            <DeleteAccount user={user} />
          </SettingsSection>
        </div>
      </div>
    </PageShell>
  );
}
