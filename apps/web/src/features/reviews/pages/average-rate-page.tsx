import type { AverageRate, AverageRates } from '@marco/contract/reviews';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { CurrencyToggle } from '@/components/ui/currency-toggle';
import { CardsSkeleton, EmptyState, ErrorState } from '@/features/reservations/components/states';
import { useLocale } from '@/i18n/use-locale';
import { CURRENCIES, formatMoney, useCurrency } from '@/lib/currency';
import { useAverageRates } from '../api/get-average-rates';

/** /average-rate: what guides charge per hour on average, by city and by language, in the visitor's currency. */
export function AverageRatePage() {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const [currency, setCurrency] = useCurrency();
  const query = useAverageRates(currency, locale);

  let body: ReactNode;
  if (query.isPending) body = <CardsSkeleton count={3} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data.overall)
    body = (
      <EmptyState
        title={t('averageRate.empty')}
        text={t('averageRate.emptyText')}
        action={<ButtonLink to="/guides">{t('averageRate.findGuide')}</ButtonLink>}
      />
    );
  else body = <Rates data={query.data} overall={query.data.overall} />;

  return (
    <PageShell>
      <PageIntro title={t('averageRate.title')} intro={t('averageRate.intro')} />
      <CurrencyToggle
        className="mt-8"
        legend={t('averageRate.currency')}
        options={CURRENCIES}
        value={currency}
        onChange={setCurrency}
      />
      <div className="mt-8">{body}</div>
    </PageShell>
  );
}

function Rates({ data, overall }: { data: AverageRates; overall: AverageRate }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, data.currency, locale, { trimWholeCents: true });
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-panel border border-brand-200 bg-brand-50 p-6" data-testid="average-overall">
        <p className="text-sm font-medium text-brand-800">{t('averageRate.overall')}</p>
        <p className="mt-1 text-4xl font-bold tabular-nums text-brand-900">
          {t('price.perHour', { amount: money(overall.averageHourlyMinor) })}
        </p>
        <p className="mt-2 text-sm text-brand-800">
          {t('averageRate.range', { min: money(overall.minHourlyMinor), max: money(overall.maxHourlyMinor) })} ·{' '}
          {t('averageRate.guides', { count: overall.guideCount, formatted: number.format(overall.guideCount) })}
        </p>
      </section>
      <RateTable
        title={t('averageRate.byCity')}
        firstColumn={t('averageRate.city')}
        rows={data.byCity.map((row) => ({
          key: row.city.id,
          name: [row.city.name, row.country?.name].filter(Boolean).join(locale === 'ar' ? '، ' : ', '),
          rate: row,
        }))}
        money={money}
      />
      <RateTable
        title={t('averageRate.byLanguage')}
        firstColumn={t('averageRate.language')}
        rows={data.byLanguage.map((row) => ({ key: row.language.id, name: row.language.name, rate: row }))}
        money={money}
      />
    </div>
  );
}

function RateTable({
  title,
  firstColumn,
  rows,
  money,
}: {
  title: string;
  firstColumn: string;
  rows: Array<{ key: string; name: string; rate: AverageRate }>;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <section>
      <h2 className="text-xl font-bold text-neutral-900">{title}</h2>
      <div className="mt-4 overflow-x-auto rounded-card border border-neutral-200">
        <table className="w-full text-start text-sm">
          <thead className="bg-neutral-50 text-neutral-600">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-medium">
                {firstColumn}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('averageRate.average')}
              </th>
              <th scope="col" className="hidden px-4 py-3 text-end font-medium sm:table-cell">
                {t('averageRate.rangeColumn')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('averageRate.guideColumn')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-4 py-3 text-start font-medium text-neutral-900">
                  {row.name}
                </th>
                <td className="px-4 py-3 text-end font-semibold tabular-nums text-neutral-900">
                  {money(row.rate.averageHourlyMinor)}
                </td>
                <td className="hidden px-4 py-3 text-end tabular-nums text-neutral-600 sm:table-cell">
                  {t('averageRate.range', { min: money(row.rate.minHourlyMinor), max: money(row.rate.maxHourlyMinor) })}
                </td>
                <td className="px-4 py-3 text-end tabular-nums text-neutral-600">
                  {number.format(row.rate.guideCount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
