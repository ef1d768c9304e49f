import type { Locale } from '@marco/contract/locales';
import { CalendarDays, Languages, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentPage } from '@/components/layouts/page-intro';
import { useLanguages } from '@/features/reference/api/get-languages';
import { usePlaces } from '@/features/reference/api/get-places';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { isIsoDate } from '@/lib/formatting';

function formatIsoDate(value: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

function Criterion({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800">
      {icon}
      {children}
    </li>
  );
}

/** The criteria from the home search (location, from, to, language), as the guide list reads them. */
function SearchSummary() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const [params] = useSearchParams();
  const places = usePlaces();
  const languages = useLanguages();

  const locationKey = params.get('location');
  const from = params.get('from');
  const to = params.get('to');
  const languageCode = params.get('language');
  const place = locationKey ? places.find((item) => item.key === locationKey) : undefined;
  const language = languageCode ? languages.find((item) => item.code === languageCode) : undefined;
  const validFrom = from && isIsoDate(from) ? formatIsoDate(from, locale) : null;
  const validTo = to && isIsoDate(to) ? formatIsoDate(to, locale) : null;

  let dates: string | null = null;
  if (validFrom && validTo) dates = t('guides.dateRange', { from: validFrom, to: validTo });
  else if (validFrom) dates = t('guides.fromDate', { date: validFrom });
  else if (validTo) dates = t('guides.untilDate', { date: validTo });

  if (!place && !dates && !language) return null;

  return (
    <section
      aria-labelledby="search-summary-title"
      className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="search-summary-title" className="text-sm font-semibold text-neutral-700">
          {t('guides.searchSummary')}
        </h2>
        <LocalizedLink to="/" className="text-sm font-semibold text-brand-700 hover:underline">
          {t('guides.changeSearch')}
        </LocalizedLink>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2">
        {place ? (
          <Criterion icon={<MapPin aria-hidden="true" className="size-4" />}>
            {pickLocalizedName(place, locale)}
          </Criterion>
        ) : null}
        {dates ? <Criterion icon={<CalendarDays aria-hidden="true" className="size-4" />}>{dates}</Criterion> : null}
        {language ? (
          <Criterion icon={<Languages aria-hidden="true" className="size-4" />}>
            {pickLocalizedName(language, locale)}
          </Criterion>
        ) : null}
      </ul>
    </section>
  );
}

export function GuidesPage() {
  const { t } = useTranslation('pages');
  return (
    <ContentPage title={t('guides.title')} intro={t('guides.intro')}>
      <SearchSummary />
    </ContentPage>
  );
}
