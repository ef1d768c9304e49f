import type { MyGuide } from '@marco/contract/guides';
import { CircleCheck, CircleDashed, ExternalLink, Info } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { Switch } from '@/components/ui/switch';
import { useBankInfo } from '@/features/guides/api/get-bank-info';
import { useGuidePhotos } from '@/features/guides/api/get-guide-photos';
import { useGuideServiceTypes } from '@/features/guides/api/get-guide-service-types';
import { useGuideVideo } from '@/features/guides/api/get-guide-video';
import { useIdVerification } from '@/features/guides/api/get-id-verification';
import { useLanguagesForEdit } from '@/features/guides/api/get-languages-for-edit';
import { useMyGuide } from '@/features/guides/api/get-my-guide';
import { usePrivateDocuments } from '@/features/guides/api/get-private-documents';
import { useVehicles } from '@/features/guides/api/get-vehicles';
import { useWorkSchedule } from '@/features/guides/api/get-work-schedule';
import { useUpdateGuideStatus } from '@/features/guides/api/update-guide-status';
import { sectionPath } from '@/features/guides/components/settings-sections';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useFeedback } from '@/features/guides/hooks/use-feedback';
import { formatDate } from '@/features/guides/utils/format';
import { GuidePayoutsPanel } from '@/features/payouts/components/guide-payouts-panel';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { DashboardFigures } from '../components/dashboard-figures';
import { PendingRequests } from '../components/pending-requests';
import { useGuideModeNavigation } from '../hooks/use-guide-mode';
import { profileCompleteness } from '../utils/profile-completeness';

const STATUS_STYLES = {
  draft: 'border-neutral-200 bg-neutral-50 text-neutral-800',
  submitted: 'border-info-200 bg-info-50 text-info-800',
  approved: 'border-success-200 bg-success-50 text-success-800',
  rejected: 'border-error-200 bg-error-50 text-error-800',
  suspended: 'border-warning-200 bg-warning-50 text-warning-800',
} as const;

/** /guide-mode: the guide's home: figures and pending requests, application status and profile completeness. */
export function GuideModePage() {
  const { t } = useTranslation('guides');
  const guide = useMyGuide();
  useGuideModeNavigation();

  let body: ReactNode;
  if (guide.isPending) body = <LoadingBlock rows={6} />;
  else if (guide.isError) body = <ErrorBlock error={guide.error} onRetry={() => void guide.refetch()} />;
  else if (!guide.data)
    body = (
      <EmptyBlock title={t('dashboard.notGuide')}>
        <p>{t('dashboard.notGuideText')}</p>
        <ButtonLink to="/beguide" className="mt-4">
          {t('settings.startApplication')}
        </ButtonLink>
      </EmptyBlock>
    );
  else body = <Dashboard guide={guide.data} />;

  return (
    <PageShell>
      <PageIntro title={t('dashboard.title')} intro={t('dashboard.intro')} />
      <div className="mt-10">{body}</div>
    </PageShell>
  );
}

function Dashboard({ guide }: { guide: MyGuide }) {
  // Only an approved guide can be booked: the figures and requests start there.
  const isApproved = guide.status === 'approved';
  return (
    <div className="flex flex-col gap-6">
      {isApproved ? <DashboardFigures publicProfile={guide.isActive ? `/guides/${guide.guideId}` : null} /> : null}
      {isApproved ? <GuidePayoutsPanel /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="flex flex-col gap-6">
          {isApproved ? <PendingRequests /> : null}
          <StatusCard guide={guide} />
          {isApproved ? null : <UpcomingNote />}
        </div>
        <Completeness guide={guide} />
      </div>
    </div>
  );
}

function StatusCard({ guide }: { guide: MyGuide }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const updateStatus = useUpdateGuideStatus();
  const isApproved = guide.status === 'approved';
  const isPublic = isApproved && guide.isActive;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-panel border border-neutral-200 bg-surface p-6 shadow-card"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-neutral-900">
        {t('dashboard.statusTitle')}
      </h2>
      <div className={cn('mt-4 rounded-card border p-4', STATUS_STYLES[guide.status])}>
        <p className="font-semibold">{t(`status.${guide.status}.title`)}</p>
        <p className="mt-1 text-sm leading-relaxed">{t(`status.${guide.status}.text`)}</p>
        {guide.status === 'rejected' && guide.rejectionReason ? (
          <p className="mt-2 text-sm">
            {t('rejected.reason')} <q dir="auto">{guide.rejectionReason}</q>
          </p>
        ) : null}
        {guide.status === 'suspended' && guide.suspensionReason ? (
          <p className="mt-2 text-sm">
            {t('rejected.reason')} <q dir="auto">{guide.suspensionReason}</q>
          </p>
        ) : null}
        {guide.submittedAt && guide.status === 'submitted' ? (
          <p className="mt-2 text-xs opacity-80">
            {t('dashboard.submittedOn', { date: formatDate(guide.submittedAt.slice(0, 10), locale) })}
          </p>
        ) : null}
      </div>
      {guide.status === 'draft' || guide.status === 'rejected' ? (
        <ButtonLink to="/beguide" className="mt-4">
          {guide.status === 'draft' ? t('settings.continueApplication') : t('dashboard.fixAndResubmit')}
        </ButtonLink>
      ) : null}
      {isApproved ? (
        <div className="mt-5 flex items-center justify-between gap-4 rounded-card border border-neutral-200 p-4">
          <label htmlFor={`${id}-visible`}>
            <span className="block font-medium text-neutral-900">{t('dashboard.visible')}</span>
            <span className="block text-sm text-neutral-600">
              {guide.isActive ? t('dashboard.visibleOn') : t('dashboard.visibleOff')}
            </span>
          </label>
          <Switch
            id={`${id}-visible`}
            checked={guide.isActive}
            disabled={updateStatus.isPending}
            onChange={(event) =>
              updateStatus.mutate(event.target.checked ? 'active' : 'inactive', {
                onError: (error) => feedback.failed(error),
              })
            }
          />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {isPublic ? (
          <ButtonLink to={`/guides/${guide.guideId}`} variant="outline">
            <ExternalLink aria-hidden="true" />
            {t('dashboard.publicProfile')}
          </ButtonLink>
        ) : (
          <p className="flex items-start gap-2 text-sm text-neutral-600">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('dashboard.publicProfileLater')}
          </p>
        )}
        <ButtonLink to="/guide-settings" variant="ghost">
          {t('mode.nav.settings')}
        </ButtonLink>
      </div>
    </section>
  );
}

function UpcomingNote() {
  const { t } = useTranslation('guides');
  return (
    <section className="rounded-panel border border-dashed border-neutral-300 bg-neutral-50 p-6">
      <h2 className="font-semibold text-neutral-900">{t('dashboard.figuresTitle')}</h2>
      <p className="mt-2 text-sm leading-relaxed text-neutral-600">{t('dashboard.figuresText')}</p>
    </section>
  );
}

function Completeness({ guide }: { guide: MyGuide }) {
  const { t } = useTranslation('guides');
  const id = useId();
  const languages = useLanguagesForEdit();
  const schedule = useWorkSchedule();
  const photos = useGuidePhotos();
  const idVerification = useIdVerification();
  const bank = useBankInfo();
  const video = useGuideVideo(guide.guideId);
  const certificates = usePrivateDocuments('certificate');
  const vehicles = useVehicles();
  const serviceTypes = useGuideServiceTypes(guide.guideId);
  const queries = [languages, schedule, photos, idVerification, bank, video, certificates, vehicles, serviceTypes];
  const failed = queries.find((query) => query.isError);

  let body: ReactNode;
  if (failed)
    body = <ErrorBlock error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />;
  else if (queries.some((query) => query.isPending)) body = <LoadingBlock rows={5} />;
  else {
    const { items, percent } = profileCompleteness({
      hasLocation: Boolean(guide.country && guide.city),
      hasAbout: Boolean(guide.about?.trim()),
      serviceKindCount: serviceTypes.data?.serviceKinds.length ?? 0,
      languageCount: languages.data?.data.length ?? 0,
      hasPrimaryLanguage: Boolean(languages.data?.data.some((language) => language.isPrimary)),
      planCount: schedule.data?.data.length ?? 0,
      photoCount: photos.data?.length ?? 0,
      hasCover: Boolean(photos.data?.some((photo) => photo.isCover)),
      hasIdVerification: Boolean(idVerification.data?.verificationType),
      identityDocumentCount: idVerification.data?.documents.length ?? 0,
      hasRate: guide.hourlyRateMinor != null,
      hasBankInfo: Boolean(bank.data),
      hasVideo: Boolean(video.data),
      certificateCount: certificates.data?.data.length ?? 0,
      vehicleCount: vehicles.data?.length ?? 0,
    });
    body = (
      <>
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-neutral-600">{t('dashboard.completeness')}</span>
          <span className="font-semibold text-neutral-900">{t('stepper.percentDone', { percent })}</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`${id}-title`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-neutral-200"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        <ul className="mt-5 flex flex-col divide-y divide-neutral-100">
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-3 py-3">
              {item.isDone ? (
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success-600" />
              ) : (
                <CircleDashed aria-hidden="true" className="size-5 shrink-0 text-neutral-400" />
              )}
              <span className={cn('flex-1 text-sm', item.isDone ? 'text-neutral-600' : 'font-medium text-neutral-900')}>
                {t(`completeness.${item.key}`)}
                {item.isOptional ? <span className="ms-1.5 text-neutral-500">({t('form.optional')})</span> : null}
                <span className="sr-only">: {item.isDone ? t('completeness.done') : t('completeness.todo')}</span>
              </span>
              <LocalizedLink
                to={sectionPath(item.section)}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                {item.isDone ? t('actions.edit') : t('completion.complete')}
                {/* Said after the visible word, so the name starts with what is seen (WCAG 2.5.3). */}
                <span className="sr-only">: {t(`completeness.${item.key}`)}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-panel border border-neutral-200 bg-surface p-6 shadow-card"
    >
      <h2 id={`${id}-title`} className="mb-4 text-lg font-bold text-neutral-900">
        {t('dashboard.profileTitle')}
      </h2>
      {body}
    </section>
  );
}
