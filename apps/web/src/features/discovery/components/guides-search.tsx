import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { useServiceCatalog } from '@/features/guides/api/get-service-types';
import { useLanguages } from '@/features/reference/api/get-languages';
import { usePlacesStatus } from '@/features/reference/api/get-places';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useGenders } from '@/features/settings/api/get-genders';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { useCurrency } from '@/lib/currency';
import { numberFormat, toIsoDate } from '@/lib/formatting';
import { useSearchGuides } from '../api/search-guides';
import { useGuideFilters } from '../hooks/use-guide-filters';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { countActiveFilters, resolveDateRange, toSearchBody } from '../utils/search-state';
import type { FilterChoices } from './guide-filters';
import { GuideResults } from './guide-results';
import { SortSelect } from './sort-select';

// The phone's filter sheet is a dialog opened on demand; its code loads at the first opening.
const FiltersSheet = lazy(() => import('./filters-sheet').then((m) => ({ default: m.FiltersSheet })));
// The form (and its place search) loads right after the first paint; the sidebar holds its place.
const GuideFiltersForm = lazy(() => import('./guide-filters').then((m) => ({ default: m.GuideFiltersForm })));

/** The filters' fields while the form loads: a label and a field each. */
function FiltersSkeleton() {
  return (
    <div className="space-y-6">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

/** `/guides`: filters (sidebar or sheet), sorts and paged results, all kept in the URL. */
export function GuidesSearch() {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const [currency] = useCurrency();
  const { filters, update, clear } = useGuideFilters();
  const { places, isLoading: placesLoading } = usePlacesStatus();
  const languages = useLanguages();
  const genders = useGenders();
  const catalog = useServiceCatalog();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [hasOpenedSheet, setHasOpenedSheet] = useState(false);
  if (sheetOpen && !hasOpenedSheet) setHasOpenedSheet(true);

  const today = toIsoDate(new Date());
  const dateProblem = resolveDateRange(filters.from, filters.to, today).problem;
  // A place key needs the places list to become an id; wait for it rather than search everywhere.
  const waitingForPlace = Boolean(filters.location) && placesLoading;
  const body = waitingForPlace ? null : toSearchBody(filters, { places, currency, today });
  const query = useSearchGuides(body, locale);

  const place = filters.location ? places.find((item) => item.key === filters.location) : undefined;
  const title = place ? t('list.titleIn', { place: pickLocalizedName(place, locale) }) : t('list.title');
  useDocumentTitle(title);

  const active = countActiveFilters(filters);
  const total = query.data?.total;
  // A broad search counts its matches only up to a limit (the contract's SEARCH_TOTAL_CAP).
  const capped = query.data?.totalCapped === true;
  const format = (value: number) => numberFormat(locale).format(value);
  const countLabel =
    total === undefined
      ? t('results.loading')
      : capped
        ? t('results.countAtLeast', { formatted: format(total) })
        : t('results.count', { count: total, formatted: format(total) });

  const choices: FilterChoices = {
    places,
    languages,
    genders,
    serviceTypes: catalog.data?.serviceTypes ?? [],
    serviceKinds: catalog.data?.serviceKinds ?? [],
  };
  const form = (
    <Suspense fallback={<FiltersSkeleton />}>
      <GuideFiltersForm
        filters={filters}
        onChange={update}
        choices={choices}
        currency={currency}
        dateProblem={dateProblem}
      />
    </Suspense>
  );
  const emptyAction =
    active > 0 ? (
      <Button onClick={clear}>{t('filters.clearAll')}</Button>
    ) : (
      <ButtonLink to="/explore" variant="outline">
        {t('results.exploreDestinations')}
      </ButtonLink>
    );

  return (
    <PageShell className="py-8 sm:py-10">
      <header className="max-w-3xl">
        <h1 className="text-headline font-bold text-neutral-900">{title}</h1>
        <p className="mt-2 text-neutral-600">{t('list.intro')}</p>
      </header>

      <div className="mt-8 grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)]">
        {isDesktop ? (
          <aside aria-label={t('filters.title')}>
            <div className="flex items-center justify-between gap-2 pb-4">
              <h2 className="text-lg font-semibold text-neutral-900">{t('filters.title')}</h2>
              {active > 0 ? (
                <Button variant="link" size="sm" onClick={clear}>
                  {t('filters.clearAll')}
                </Button>
              ) : null}
            </div>
            {form}
          </aside>
        ) : null}

        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" aria-live="polite" className="text-sm font-semibold text-neutral-700">
              {countLabel}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              {isDesktop ? null : (
                <Button variant="outline" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
                  <SlidersHorizontal aria-hidden="true" />
                  {active > 0 ? t('filters.openWithCount', { active }) : t('filters.open')}
                </Button>
              )}
              <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
            </div>
          </div>
          <GuideResults
            query={query}
            skeletons={isDesktop ? 6 : 3}
            onPage={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
            emptyAction={emptyAction}
          />
        </section>
      </div>

      {isDesktop || !hasOpenedSheet ? null : (
        <Suspense fallback={null}>
          <FiltersSheet
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            onClear={clear}
            canClear={active > 0}
            resultLabel={
              total === undefined
                ? t('filters.showResults')
                : t('filters.showCount', {
                    total: capped ? t('results.atLeast', { formatted: format(total) }) : format(total),
                  })
            }
          >
            {form}
          </FiltersSheet>
        </Suspense>
      )}
    </PageShell>
  );
}
