import type { MyGuide } from '@marco/contract/guides';
import { Mail, Phone } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { Select } from '@/components/ui/select';
import { displayNameOf, useUser } from '@/features/auth/hooks/use-user';
import { CalendarFeedSettings } from '@/features/calendars/components/calendar-feed-settings';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { useFreeDates } from '../api/get-free-dates';
import { useGuideServiceTypes } from '../api/get-guide-service-types';
import { useMyGuide } from '../api/get-my-guide';
import { DocumentsManager } from '../components/documents-manager';
import { BankForm } from '../components/forms/bank-form';
import { BasicInfoForm } from '../components/forms/basic-info-form';
import { IdVerificationForm } from '../components/forms/id-verification-form';
import { LanguagesForm } from '../components/forms/languages-form';
import { ScheduleForm } from '../components/forms/schedule-form';
import { FreeDatesCalendar } from '../components/free-dates-calendar';
import { PhotoManager } from '../components/photo-manager';
import {
  GUIDE_SETTINGS_SECTIONS,
  type GuideSettingsSection,
  isGuideSettingsSection,
  SECTION_ICONS,
} from '../components/settings-sections';
import { EmptyBlock, ErrorBlock, LoadingBlock, QueryState } from '../components/states';
import { VehiclesManager } from '../components/vehicles-manager';
import { VideoManager } from '../components/video-manager';

/** /guide-settings: every guide section of spec §2; `?section=` chooses one. */
export function GuideSettingsPage() {
  const { t } = useTranslation('guides');
  const guide = useMyGuide();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: GuideSettingsSection = isGuideSettingsSection(requested) ? requested : 'personal';

  let body: ReactNode;
  if (guide.isPending || !user) body = <LoadingBlock rows={6} />;
  else if (guide.isError) body = <ErrorBlock error={guide.error} onRetry={() => void guide.refetch()} />;
  else if (!guide.data)
    body = (
      <EmptyBlock title={t('settings.noApplication')}>
        <p>{t('settings.noApplicationText')}</p>
        <ButtonLink to="/beguide" className="mt-4">
          {t('settings.startApplication')}
        </ButtonLink>
      </EmptyBlock>
    );
  else
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <SectionNav current={section} onChange={(next) => setParams({ section: next })} />
        <div className="flex min-w-0 flex-col gap-6">
          {guide.data.status === 'draft' || guide.data.status === 'rejected' ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-info-200 bg-info-50 p-4 text-sm text-info-800">
              <p>{t('settings.applicationOpen')}</p>
              <ButtonLink to="/beguide" size="sm" variant="outline">
                {t('settings.continueApplication')}
              </ButtonLink>
            </div>
          ) : null}
          <SectionPanel section={section}>
            <SectionBody section={section} guide={guide.data} userId={user.id} />
          </SectionPanel>
        </div>
      </div>
    );

  return (
    <PageShell>
      <PageIntro title={t('settings.title')} intro={t('settings.intro')} />
      <div className="mt-10">{body}</div>
    </PageShell>
  );
}

function SectionNav({
  current,
  onChange,
}: {
  current: GuideSettingsSection;
  onChange: (section: GuideSettingsSection) => void;
}) {
  const { t } = useTranslation('guides');
  const id = useId();
  return (
    <div className="lg:sticky lg:top-24 lg:self-start">
      <div className="lg:hidden">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-neutral-700">
          {t('settings.sectionLabel')}
        </label>
        <Select
          id={id}
          value={current}
          onChange={(event) => {
            if (isGuideSettingsSection(event.target.value)) onChange(event.target.value);
          }}
        >
          {GUIDE_SETTINGS_SECTIONS.map((section) => (
            <option key={section} value={section}>
              {t(`settings.sections.${section}.title`)}
            </option>
          ))}
        </Select>
      </div>
      <nav aria-label={t('settings.sectionLabel')} className="hidden lg:block">
        <ul className="flex flex-col gap-0.5">
          {GUIDE_SETTINGS_SECTIONS.map((section) => {
            const Icon = SECTION_ICONS[section];
            return (
              <li key={section}>
                <LocalizedLink
                  to={`/guide-settings?section=${section}`}
                  aria-current={section === current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-control px-3 py-2.5 text-sm font-medium transition-colors',
                    section === current ? 'bg-brand-50 text-brand-900' : 'text-neutral-700 hover:bg-neutral-100',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 text-brand-700" />
                  {t(`settings.sections.${section}.title`)}
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

function SectionPanel({ section, children }: { section: GuideSettingsSection; children: ReactNode }) {
  const { t } = useTranslation('guides');
  return (
    <section
      aria-labelledby={`section-${section}-title`}
      className="rounded-panel border border-neutral-200 bg-surface p-5 shadow-card sm:p-8"
    >
      <header className="mb-6">
        <h2 id={`section-${section}-title`} className="text-xl font-bold text-neutral-900">
          {t(`settings.sections.${section}.title`)}
        </h2>
        <p className="mt-1.5 text-sm text-neutral-600">{t(`settings.sections.${section}.description`)}</p>
      </header>
      {children}
    </section>
  );
}

function SectionBody({ section, guide, userId }: { section: GuideSettingsSection; guide: MyGuide; userId: string }) {
  const { t } = useTranslation('guides');
  const save = t('actions.save');
  switch (section) {
    case 'personal':
      return (
        <div className="flex flex-col gap-6">
          <PersonalSummary />
          <BasicInfoForm key="location" sections={['location']} guide={guide} userId={userId} submitLabel={save} />
        </div>
      );
    case 'contact':
      return <ContactDetails />;
    case 'schedule':
      return (
        <div className="flex flex-col gap-10">
          <ScheduleSettings />
          <CalendarFeedSettings />
        </div>
      );
    case 'about':
      return <BasicInfoForm key="about" sections={['about']} guide={guide} userId={userId} submitLabel={save} />;
    case 'identity':
      return <IdVerificationForm submitLabel={save} />;
    case 'certificates':
      return <DocumentsManager kind="certificate" label={t('certificate.title')} />;
    case 'media':
      return (
        <div className="flex flex-col gap-10">
          <section className="flex flex-col gap-3">
            <h3 className="font-semibold text-neutral-900">{t('video.title')}</h3>
            <p className="text-sm text-neutral-600">{t('video.recommendation')}</p>
            <VideoManager guideId={guide.guideId} />
          </section>
          <section className="flex flex-col gap-3">
            <h3 className="font-semibold text-neutral-900">{t('photos.title')}</h3>
            <p className="text-sm text-neutral-600">{t('photos.hint')}</p>
            <PhotoManager />
          </section>
        </div>
      );
    case 'languages':
      return <LanguagesForm submitLabel={save} />;
    case 'vehicles':
      return <VehiclesManager currency={guide.currency} />;
    case 'payment':
      return <BankForm guide={guide} submitLabel={save} />;
    case 'services':
      return <ServiceTypesSettings guide={guide} userId={userId} />;
  }
}

function PersonalSummary() {
  const { t } = useTranslation('guides');
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-neutral-50 p-4">
      <div>
        <p className="text-sm text-neutral-600">{t('settings.personal.name')}</p>
        <p className="font-semibold text-neutral-900">
          <bdi>{displayNameOf(user)}</bdi>
        </p>
      </div>
      <ButtonLink to="/settings/profile" variant="outline" size="sm">
        {t('settings.personal.editProfile')}
      </ButtonLink>
    </div>
  );
}

function ContactDetails() {
  const { t } = useTranslation('guides');
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-neutral-100 rounded-card border border-neutral-200">
        <div className="flex flex-wrap items-center gap-3 p-4">
          <Phone aria-hidden="true" className="size-5 text-brand-700" />
          <dt className="sr-only">{t('settings.contact.phone')}</dt>
          <dd className="min-w-0 flex-1">
            <p className="text-sm text-neutral-600">{t('settings.contact.phone')}</p>
            <p className="font-medium text-neutral-900">
              {user.phoneNumber ? <bdi dir="ltr">{user.phoneNumber}</bdi> : t('settings.contact.none')}
            </p>
          </dd>
          <ButtonLink to="/settings/change-phone" variant="outline" size="sm">
            {t('settings.contact.changePhone')}
          </ButtonLink>
        </div>
        <div className="flex flex-wrap items-center gap-3 p-4">
          <Mail aria-hidden="true" className="size-5 text-brand-700" />
          <dt className="sr-only">{t('settings.contact.email')}</dt>
          <dd className="min-w-0 flex-1">
            <p className="text-sm text-neutral-600">{t('settings.contact.email')}</p>
            <p className="truncate font-medium text-neutral-900">
              {user.email ? <bdi dir="ltr">{user.email}</bdi> : t('settings.contact.none')}
            </p>
          </dd>
          <ButtonLink to="/settings/profile" variant="outline" size="sm">
            {t('settings.contact.changeEmail')}
          </ButtonLink>
        </div>
      </dl>
      <p className="text-sm text-neutral-600">{t('settings.contact.privacy')}</p>
    </div>
  );
}

function ScheduleSettings() {
  const { t } = useTranslation('guides');
  const freeDates = useFreeDates();
  return (
    <div className="flex flex-col gap-10">
      <ScheduleForm submitLabel={t('actions.save')} freeDates={freeDates.data?.data ?? []} />
      <section className="flex flex-col gap-3 border-t border-neutral-100 pt-8">
        <h3 className="font-semibold text-neutral-900">{t('freeDates.title')}</h3>
        <p className="text-sm text-neutral-600">{t('freeDates.hint')}</p>
        <QueryState query={freeDates}>
          {(list) => <FreeDatesCalendar freeDates={list.data} timezone={list.timezone} />}
        </QueryState>
      </section>
    </div>
  );
}

function ServiceTypesSettings({ guide, userId }: { guide: MyGuide; userId: string }) {
  const { t } = useTranslation('guides');
  const serviceTypes = useGuideServiceTypes(guide.guideId);
  return (
    <QueryState query={serviceTypes}>
      {(data) => (
        <BasicInfoForm
          sections={['services']}
          guide={guide}
          userId={userId}
          serviceTypes={data}
          submitLabel={t('actions.save')}
        />
      )}
    </QueryState>
  );
}
