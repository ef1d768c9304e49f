import type { AdminGuideDetail } from '@marco/contract/guides';
import { BadgeCheck, GraduationCap, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/error-pages/not-found';
import { BackLink } from '@/components/layouts/back-link';
import { PageShell } from '@/components/layouts/page-intro';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { WeekView } from '@/features/guides/components/week-view';
import { formatDate, formatHour, joinList, weekdayName } from '@/features/guides/utils/format';
import { formatDuration } from '@/features/guides/utils/video-duration';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/currency';
import { timeZoneOptionLabel } from '@/lib/time-zone-name';
import { writtenTextProps } from '@/lib/written-language';
import { useGuideApplication } from '../api/get-guide-application';
import { DocumentViewer } from '../components/document-viewer';
import { ReviewActions } from '../components/review-actions';
import { Forbidden, StaffOnly } from '../components/staff-only';
import { StatusBadge } from '../components/status-badge';

/** /admin/guides/:id: one application with its private documents, and the staff decisions. */
export function AdminGuideDetailPage() {
  return (
    <StaffOnly>
      <ApplicationDetail />
    </StaffOnly>
  );
}

function ApplicationDetail() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const query = useGuideApplication(id);

  if (query.isError && isApiError(query.error)) {
    if (query.error.status === 403) return <Forbidden />;
    if (query.error.status === 404 || query.error.status === 400) return <NotFoundPage />;
  }
  return (
    <PageShell>
      <BackLink to="/admin/guides">{t('detail.back')}</BackLink>
      {query.isPending ? (
        <LoadingBlock rows={8} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Detail guide={query.data} />
      )}
    </PageShell>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-panel border border-neutral-200 bg-surface p-5 shadow-card sm:p-6">
      <h2 className="mb-4 text-lg font-bold text-neutral-900">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-neutral-500">{label}</dt>
          <dd className="mt-0.5 break-words font-medium text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Detail({ guide }: { guide: AdminGuideDetail }) {
  const { t } = useTranslation('admin');
  const { t: tGuides } = useTranslation('guides');
  const locale = useLocale();
  const name = [guide.name, guide.surname].filter(Boolean).join(' ') || t('detail.unnamed');
  useDocumentTitle(t('detail.documentTitle', { name }));
  const none = t('detail.none');
  const date = (value: string | null) => (value ? formatDate(value.slice(0, 10), locale) : none);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 rounded-panel border border-neutral-200 bg-surface p-5 shadow-card sm:p-6">
        <div className="flex flex-wrap items-start gap-4">
          {guide.avatarUrl ? <img src={guide.avatarUrl} alt="" className="size-16 rounded-full object-cover" /> : null}
          <div className="min-w-0 flex-1">
            <h1 className="text-headline font-bold text-neutral-900">
              <bdi>{name}</bdi>
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge status={guide.status} />
              {guide.verified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  {t('detail.verified')}
                </span>
              ) : null}
              {guide.certificated ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-800">
                  <GraduationCap aria-hidden="true" className="size-3.5" />
                  {t('detail.certificated')}
                </span>
              ) : null}
            </div>
          </div>
        </div>
        {guide.rejectionReason && guide.status === 'rejected' ? (
          <p className="rounded-control bg-error-50 p-3 text-sm text-error-800">
            {t('detail.rejectionReason')} <q dir="auto">{guide.rejectionReason}</q>
          </p>
        ) : null}
        {guide.suspensionReason && guide.status === 'suspended' ? (
          <p className="rounded-control bg-warning-50 p-3 text-sm text-warning-800">
            {t('detail.suspensionReason')} <q dir="auto">{guide.suspensionReason}</q>
          </p>
        ) : null}
        {guide.missing.length > 0 ? (
          <div className="flex items-start gap-2 rounded-control bg-warning-50 p-3 text-sm text-warning-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              {t('detail.missing')}{' '}
              {joinList(
                guide.missing.map((step) => tGuides(`steps.${step}.title`)),
                locale,
              )}
            </p>
          </div>
        ) : null}
        <ReviewActions guide={guide} />
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <Section title={t('detail.applicant')}>
          <Facts
            items={[
              [
                t('detail.phone'),
                <bdi key="phone" dir="ltr">
                  {guide.phoneNumber ?? none}
                </bdi>,
              ],
              [
                t('detail.email'),
                <bdi key="email" dir="ltr">
                  {guide.email ?? none}
                </bdi>,
              ],
              [t('detail.place'), joinList([guide.street, guide.city?.name, guide.country?.name], locale) || none],
              [t('detail.timezone'), timeZoneOptionLabel(guide.timezone, locale)],
              [t('detail.submittedAt'), date(guide.submittedAt)],
              [t('detail.reviewedAt'), date(guide.reviewedAt)],
            ]}
          />
        </Section>
        <Section title={t('detail.offer')}>
          <Facts
            items={[
              [
                t('detail.rate'),
                guide.hourlyRateMinor != null && guide.currency ? (
                  <bdi key="rate">{formatMoney(guide.hourlyRateMinor, guide.currency, locale)}</bdi>
                ) : (
                  none
                ),
              ],
              [
                t('detail.languages'),
                guide.languages.length > 0
                  ? joinList(
                      guide.languages.map(
                        (language) =>
                          `${language.name} (${language.levelName})${language.isPrimary ? ` · ${t('detail.primary')}` : ''}`,
                      ),
                      locale,
                    )
                  : none,
              ],
              [
                t('detail.services'),
                guide.serviceKinds.length > 0
                  ? guide.serviceKinds
                      .map((kind) =>
                        kind.serviceTypes.length > 0
                          ? `${kind.name}: ${joinList(
                              kind.serviceTypes.map((type) => type.name),
                              locale,
                            )}`
                          : kind.name,
                      )
                      .join(' · ')
                  : none,
              ],
            ]}
          />
        </Section>
      </div>

      <Section title={t('detail.about')}>
        <p
          className="whitespace-pre-line text-neutral-800"
          {...(guide.about ? writtenTextProps(guide.aboutLanguage) : {})}
        >
          {guide.about || none}
        </p>
      </Section>

      <Section title={t('detail.schedule')}>
        {guide.schedule.length === 0 ? (
          <p className="text-neutral-600">{none}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-1.5 text-sm text-neutral-800">
              {guide.schedule.map((plan) => (
                <li key={plan.id}>
                  <span className="font-semibold">{tGuides(`schedule.types.${plan.planType}`)}</span>{' '}
                  <bdi>
                    {formatHour(plan.startHour, locale)}–{formatHour(plan.endHour, locale)}
                  </bdi>
                  {plan.planType === 'weekly'
                    ? ` · ${joinList(
                        plan.weekdays.map((day) => weekdayName(day, locale, 'short')),
                        locale,
                      )}`
                    : ''}
                  {plan.planType === 'monthly' && plan.dayOfMonth ? ` · ${plan.dayOfMonth}` : ''}
                  {plan.planType === 'special' && plan.date ? ` · ${formatDate(plan.date, locale)}` : ''}
                </li>
              ))}
            </ul>
            <WeekView
              timezone={guide.timezone}
              plans={guide.schedule.map((plan) => ({
                planType: plan.planType,
                startHour: plan.startHour,
                endHour: plan.endHour,
                weekdays: plan.weekdays,
                repeatEveryWeeks: plan.repeatEveryWeeks,
                dayOfMonth: plan.dayOfMonth ?? undefined,
                date: plan.date ?? undefined,
                startsOn: plan.startsOn,
                endsOn: plan.endsOn,
              }))}
            />
          </div>
        )}
      </Section>

      <Section title={t('detail.photosAndVideo')}>
        {guide.photos.length === 0 && !guide.video ? <p className="text-neutral-600">{none}</p> : null}
        {guide.photos.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[...guide.photos]
              .sort((a, b) => a.position - b.position)
              .map((photo, index) => (
                <li key={photo.id} className="relative overflow-hidden rounded-card bg-neutral-100">
                  <img
                    src={photo.cardUrl}
                    alt={tGuides('photos.alt', { number: index + 1 })}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  {photo.isCover ? (
                    <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {tGuides('photos.cover')}
                    </span>
                  ) : null}
                </li>
              ))}
          </ul>
        ) : null}
        {guide.video ? (
          <div className="mt-4 max-w-xl">
            {/* biome-ignore lint/a11y/useMediaCaption: applicants' intro videos come without captions. */}
            <video
              src={guide.video.url}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-card bg-neutral-900"
            />
            <p className="mt-1.5 text-sm text-neutral-600">
              {guide.video.durationSeconds != null
                ? t('detail.videoLength', { duration: formatDuration(guide.video.durationSeconds) })
                : t('detail.videoLengthUnknown')}
            </p>
          </div>
        ) : null}
      </Section>

      <Section title={t('detail.identity')}>
        <Facts
          items={[
            [t('detail.method'), guide.idVerification.verificationType?.name ?? none],
            [t('detail.issuingCountry'), guide.idVerification.issuingCountry?.name ?? none],
            [t('detail.issueDate'), date(guide.idVerification.issueDate)],
            [t('detail.expiryDate'), date(guide.idVerification.expiryDate)],
          ]}
        />
        <Documents documents={guide.idVerification.documents} title={t('detail.identityDocument')} />
      </Section>

      <Section title={t('detail.certificates')}>
        <Documents documents={guide.certificates} title={t('detail.certificate')} />
      </Section>

      <Section title={t('detail.bank')}>
        {guide.bankInfo ? (
          <Facts
            items={[
              [t('detail.holder'), `${guide.bankInfo.holderFirstName} ${guide.bankInfo.holderLastName}`],
              [t('detail.bankName'), guide.bankInfo.bankName],
              [
                t('detail.iban'),
                <bdi key="iban" dir="ltr">
                  {guide.bankInfo.iban}
                </bdi>,
              ],
              [
                t('detail.swift'),
                <bdi key="swift" dir="ltr">
                  {guide.bankInfo.swift}
                </bdi>,
              ],
              [t('detail.accountNumber'), guide.bankInfo.accountNumber ?? none],
            ]}
          />
        ) : (
          <p className="text-neutral-600">{none}</p>
        )}
      </Section>

      <Section title={t('detail.vehicles')}>
        {guide.vehicles.length === 0 ? (
          <p className="text-neutral-600">{none}</p>
        ) : (
          <ul className="flex flex-col gap-6">
            {guide.vehicles.map((vehicle) => (
              <li
                key={vehicle.id}
                className="flex flex-col gap-3 border-b border-neutral-100 pb-6 last:border-0 last:pb-0"
              >
                <p className="font-semibold text-neutral-900">
                  <bdi>
                    {vehicle.brand} {vehicle.model}
                  </bdi>{' '}
                  · <bdi>{vehicle.color}</bdi> · <bdi dir="ltr">{vehicle.plate}</bdi> ·{' '}
                  {tGuides('vehicles.seats', { count: vehicle.seatCount })}
                </p>
                {vehicle.photos.length > 0 ? (
                  <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                    {vehicle.photos.map((photo, index) => (
                      <li key={photo.id}>
                        <img
                          src={photo.cardUrl}
                          alt={tGuides('vehicles.photoAlt', { name: vehicle.model, number: index + 1 })}
                          className="aspect-[4/3] w-full rounded-control object-cover"
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <Documents documents={vehicle.documents} title={t('detail.vehiclePaper')} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Documents({ documents, title }: { documents: AdminGuideDetail['certificates']; title: string }) {
  const { t } = useTranslation('admin');
  if (documents.length === 0) return <p className="mt-4 text-sm text-neutral-600">{t('detail.noDocuments')}</p>;
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-2">
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentViewer document={document} title={title} />
        </li>
      ))}
    </ul>
  );
}
