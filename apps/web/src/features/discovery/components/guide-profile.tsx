import type { GuideDetail } from '@marco/contract/guides';
import { ArrowLeft, Car, Languages, MapPin, Search, Sparkles } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { useRequireAuth } from '@/features/auth/hooks/use-require-auth';
import { useUser } from '@/features/auth/hooks/use-user';
import { stripLocale } from '@/features/auth/utils/return-to';
import { FavouriteButton } from '@/features/favourites/components/favourite-button';
import { OwnFavouriteCount } from '@/features/favourites/components/own-favourite-count';
import { useKeepAfterSignIn } from '@/features/favourites/hooks/use-keep-after-sign-in';
import { useStartConversation } from '@/features/messages/hooks/use-start-conversation';
import { ReportButton } from '@/features/moderation/components/report-button';
import { ShareButton } from '@/features/sharing/components/share-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { writtenTextProps } from '@/lib/written-language';
import { isNotFound, useGuideDetail } from '../api/get-guide-detail';
import { BookingPanel } from './booking-panel';
import { GuidePicture } from './guide-avatar';
import { GuideBadges } from './guide-badges';
import { AvailabilityCalendar, GuideReviews, PhotoGallery } from './guide-profile-parts';
import { ResponseSummary } from './response-summary';
import { RatingSummary } from './star-rating';
import { ErrorState } from './states';

// The wizard is its own chunk: most visitors read a profile without reserving.
const ReservationWizard = lazy(() =>
  import('@/features/reservations/components/reservation-wizard').then((module) => ({
    default: module.ReservationWizard,
  })),
);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-neutral-200 pt-8">
      <h2 id={id} className="mb-4 text-xl font-bold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AllGuidesLink() {
  const { t } = useTranslation('profile');
  return (
    <LocalizedLink
      to="/guides"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('detail.allGuides')}
    </LocalizedLink>
  );
}

/** spec §2: "Guide not found" with a button to explore other guides. */
export function GuideNotFound() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('notFound.title'));
  return (
    <PageShell className="flex flex-col items-center py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Search aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-headline font-bold text-neutral-900">{t('notFound.title')}</h1>
      <p className="mt-3 max-w-md text-neutral-600">{t('notFound.text')}</p>
      <ButtonLink to="/guides" size="lg" className="mt-8">
        {t('notFound.action')}
      </ButtonLink>
    </PageShell>
  );
}

function GuideProfileSkeleton() {
  const { t } = useTranslation('profile');
  return (
    <PageShell className="py-8 sm:py-10">
      <span className="sr-only" role="status">
        {t('detail.loading')}
      </span>
      <div aria-busy="true" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <div className="flex items-center gap-4">
            <Skeleton className="size-20 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="aspect-[16/9] w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    </PageShell>
  );
}

function GuideProfileView({ guide }: { guide: GuideDetail }) {
  const { t } = useTranslation('profile');
  const { t: tCard } = useTranslation('discovery');
  const locale = useLocale();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { user, isLoading: isSessionLoading } = useUser();
  const requireAuth = useRequireAuth();
  const { startConversation, isPending } = useStartConversation();
  const fullName = [guide.name, guide.surname].filter(Boolean).join(' ') || tCard('card.unnamed');
  const place = [guide.city?.name, guide.country?.name].filter(Boolean).join(locale === 'ar' ? '، ' : ', ');
  const isOwnProfile = user?.id === guide.userId;
  const photos = [...guide.photos].sort((a, b) => a.position - b.position);
  useKeepAfterSignIn(guide.id);

  usePageMeta({
    title: place ? t('detail.metaTitle', { name: fullName, place }) : fullName,
    description: guide.about?.slice(0, 160) || t('detail.metaDescription', { name: fullName }),
    locale,
    type: 'website',
    image: guide.coverPhotoUrl ?? undefined,
  });

  const isWizardOpen = params.has('reserve') && !isOwnProfile;
  const reserveButton = useRef<HTMLButtonElement>(null);
  const wasWizardOpen = useRef(isWizardOpen);
  // The wizard leaves the page when it closes, so the dialog cannot hand focus back itself.
  useEffect(() => {
    if (wasWizardOpen.current && !isWizardOpen) reserveButton.current?.focus();
    wasWizardOpen.current = isWizardOpen;
  }, [isWizardOpen]);

  const reserve = () => {
    const next = new URLSearchParams(params);
    next.set('reserve', '1');
    // A visitor signs in first and comes back with the wizard open.
    requireAuth(() => setParams(next), `${stripLocale(location.pathname)}?${next.toString()}`);
  };

  return (
    <PageShell className="py-8 sm:py-10">
      <div className="mb-6">
        <AllGuidesLink />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-center lg:col-start-1">
          <GuidePicture
            src={guide.avatarUrl ?? (photos.find((photo) => photo.isCover) ?? photos[0])?.cardUrl ?? null}
            name={guide.name}
            surname={guide.surname}
            className="size-20 shrink-0 rounded-full text-xl [&_span]:text-2xl"
          />
          <div className="flex min-w-0 flex-col gap-2">
            <h1 className="text-headline font-bold text-neutral-900">{fullName}</h1>
            {place ? (
              <p className="flex items-center gap-1.5 text-neutral-600">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {place}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <RatingSummary rating={guide.rating} reviewCount={guide.reviewCount} />
              <GuideBadges verified={guide.verified} certificated={guide.certificated} />
            </div>
            <ResponseSummary response={guide.response} variant="profile" />
            <div className="flex min-h-10 flex-wrap items-center gap-2">
              {isOwnProfile ? (
                <OwnFavouriteCount />
              ) : (
                <FavouriteButton guideId={guide.id} guideName={fullName} variant="outline" />
              )}
              <ShareButton path={`/guides/${guide.id}`} name={fullName} />
              <ReportButton targetType="guide" targetId={guide.id} authorId={guide.userId} className="ms-auto" />
            </div>
          </div>
        </header>

        <aside
          aria-label={t('detail.bookingLabel')}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <BookingPanel
            guide={guide}
            isOwnProfile={isOwnProfile}
            isSessionLoading={isSessionLoading}
            onReserve={reserve}
            reserveRef={reserveButton}
            onMessage={() => startConversation(guide.userId)}
            isMessagePending={isPending}
          />
        </aside>

        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1">
          {photos.length ? (
            <Suspense fallback={<Skeleton className="aspect-[4/3] w-full rounded-card" />}>
              <PhotoGallery photos={photos} guideName={fullName} />
            </Suspense>
          ) : null}

          {guide.about ? (
            <Section id="guide-about" title={t('detail.about', { name: guide.name ?? fullName })}>
              <p
                {...writtenTextProps(guide.aboutLanguage)}
                className="whitespace-pre-line text-start leading-relaxed text-neutral-700"
              >
                {guide.about}
              </p>
            </Section>
          ) : null}

          <Section id="guide-languages" title={t('detail.languages')}>
            <ul className="flex flex-wrap gap-2">
              {guide.languages.map((language) => (
                <li
                  key={language.id}
                  className="inline-flex items-center gap-2 rounded-full border border-neutral-200 bg-surface px-3 py-1.5 text-sm"
                >
                  <Languages aria-hidden="true" className="size-4 text-brand-600" />
                  <span className="font-semibold text-neutral-900">{language.names[locale] || language.name}</span>
                  <span className="text-neutral-600">{language.levelName}</span>
                  {language.isPrimary ? (
                    <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800">
                      {t('detail.primaryLanguage')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </Section>

          {guide.serviceKinds.length ? (
            <Section id="guide-services" title={t('detail.services')}>
              <div className="flex flex-col gap-4">
                {guide.serviceKinds.map((kind) => (
                  <div key={kind.id}>
                    <h3 className="flex items-center gap-2 font-semibold text-neutral-900">
                      <Sparkles aria-hidden="true" className="size-4 text-accent-500" />
                      {kind.names[locale] || kind.name}
                    </h3>
                    {kind.serviceTypes.length ? (
                      <ul className="mt-2 flex flex-wrap gap-2">
                        {kind.serviceTypes.map((type) => (
                          <li key={type.id} className="rounded-full bg-neutral-100 px-3 py-1 text-sm text-neutral-700">
                            {type.names[locale] || type.name}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                ))}
              </div>
            </Section>
          ) : null}

          {guide.video ? (
            <Section id="guide-video" title={t('detail.video')}>
              {/* biome-ignore lint/a11y/useMediaCaption: guides upload their own talking video; no caption track exists. */}
              <video
                controls
                preload="metadata"
                src={guide.video.url}
                poster={guide.coverPhotoUrl ?? undefined}
                className="aspect-video w-full rounded-card bg-neutral-950"
              />
            </Section>
          ) : null}

          <Section id="guide-availability" title={t('availability.title')}>
            <Suspense fallback={<Skeleton className="h-72 w-full rounded-card" />}>
              <AvailabilityCalendar guideId={guide.id} timezone={guide.timezone} />
            </Suspense>
          </Section>

          {guide.vehicles.length ? (
            <Section id="guide-vehicles" title={t('detail.vehicles')}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {guide.vehicles.map((vehicle) => (
                  <li key={vehicle.id} className="flex gap-3 rounded-card border border-neutral-200 p-4">
                    <Car aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    <div className="text-sm text-neutral-700">
                      <p className="font-semibold text-neutral-900">{`${vehicle.brand} ${vehicle.model}`}</p>
                      <p>{t('detail.seats', { seats: vehicle.seatCount })}</p>
                      {vehicle.hasAirConditioning ? <p>{t('detail.airConditioning')}</p> : null}
                      {vehicle.hasChildSeat ? <p>{t('detail.childSeat')}</p> : null}
                      {vehicle.additionalHourlyRateMinor > 0 && vehicle.currency ? (
                        <p>
                          {t('detail.vehicleRate', {
                            price: formatMoney(vehicle.additionalHourlyRateMinor, vehicle.currency, locale, {
                              trimWholeCents: true,
                            }),
                          })}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <Section id="guide-reviews" title={t('reviews.title')}>
            <Suspense fallback={<Skeleton className="h-40 w-full rounded-card" />}>
              <GuideReviews
                guideId={guide.id}
                guideName={guide.name ?? fullName}
                rating={guide.rating}
                reviewCount={guide.reviewCount}
              />
            </Suspense>
          </Section>
        </div>
      </div>

      {isWizardOpen ? (
        <Suspense fallback={null}>
          <ReservationWizard guideId={guide.id} />
        </Suspense>
      ) : null}
    </PageShell>
  );
}

/** `/guides/{guider}`: everything a traveller needs to decide, with Reserve and Send message. */
export function GuideProfile({ guideId }: { guideId: string }) {
  const locale = useLocale();
  const query = useGuideDetail(guideId, locale);
  if (query.isPending) return <GuideProfileSkeleton />;
  if (query.isError) {
    if (isNotFound(query.error)) return <GuideNotFound />;
    return (
      <PageShell className="py-10">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageShell>
    );
  }
  return <GuideProfileView guide={query.data} />;
}
