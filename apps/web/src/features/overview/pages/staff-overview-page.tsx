import { directionOf } from '@marco/contract/locales';
import type { OverviewWeek, StaffOverview } from '@marco/contract/overview';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { useHasStaffRole } from '@/features/admin/hooks/use-is-staff';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { CURRENCIES, currencyLabel, formatMoney } from '@/lib/currency';
import { useStaffOverview } from '../api/overview';
import { type ChartPoint, WeeklyBarChart, WeeklyLineChart } from '../components/overview-charts';

type Currency = (typeof CURRENCIES)[number];

const BRAND = '#1b8078';

/** `2026-W23` kept in its order inside right-to-left text (an isolate, as <bdi> would). */
const isolated = (text: string) => `\u2066${text}\u2069`;
const ACCENT = '#dc5410';
const VIOLET = '#6d28d9';

/** /staff/overview: the marketplace's last 12 weeks for support and finance (admin holds both). */
export function StaffOverviewPage() {
  const isSupport = useHasStaffRole('support');
  return (
    <StaffOnly staffRole={isSupport ? 'support' : 'finance'}>
      <Overview />
    </StaffOnly>
  );
}

function useFormats() {
  const locale = useLocale();
  const week = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale);
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    locale,
    rtl: directionOf(locale) === 'rtl',
    week: (weekStart: string) => week.format(new Date(`${weekStart}T00:00:00Z`)),
    percent: (value: number) => percent.format(value),
    count: (value: number) => count.format(value),
    compact: (value: number) => compact.format(value),
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, locale),
  };
}

function Overview() {
  const { t } = useTranslation('overview');
  const overview = useStaffOverview();
  let body: ReactNode;
  if (overview.isPending) body = <LoadingBlock rows={6} />;
  else if (overview.isError) body = <ErrorBlock error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (isEmpty(overview.data)) body = <EmptyBlock title={t('empty.title')}>{t('empty.body')}</EmptyBlock>;
  else body = <Figures overview={overview.data} />;
  return (
    <PageShell>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="mt-10" aria-busy={overview.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

const isEmpty = (overview: StaffOverview) =>
  overview.weeks.every(
    (week) => week.bookings === 0 && week.money.every((money) => money.grossMinor === 0 && money.commissionMinor === 0),
  );

const moneyOf = (week: OverviewWeek, currency: Currency) =>
  week.money.find((money) => money.currency === currency) ?? { currency, grossMinor: 0, commissionMinor: 0 };

/** The currency with the most money received over the weeks, so the page opens on figures rather than zeros. */
const busiestCurrency = (weeks: OverviewWeek[]): Currency =>
  CURRENCIES.reduce((best, currency) => {
    const total = (code: Currency) => weeks.reduce((sum, week) => sum + moneyOf(week, code).grossMinor, 0);
    return total(currency) > total(best) ? currency : best;
  }, CURRENCIES[0] as Currency);

function Figures({ overview }: { overview: StaffOverview }) {
  const { t } = useTranslation('overview');
  const formats = useFormats();
  const [currency, setCurrency] = useState<Currency>(() => busiestCurrency(overview.weeks));
  const { weeks } = overview;
  const thisWeek = weeks[weeks.length - 1] as OverviewWeek;
  const lastWeek = weeks[weeks.length - 2] as OverviewWeek;
  const share = (value: number | null) => (value === null ? t('noBookings') : formats.percent(value));
  const rate = (week: OverviewWeek) => share(week.cancellationRate);
  const disputeRate = (week: OverviewWeek) => share(week.disputeRate);
  const label = (week: OverviewWeek) => formats.week(week.weekStart);
  const money = (minor: number) => formats.money(minor, currency);

  const bookingPoints: ChartPoint[] = weeks.map((week) => ({ label: label(week), bookings: week.bookings }));
  const moneyPoints: ChartPoint[] = weeks.map((week) => ({
    label: label(week),
    gross: moneyOf(week, currency).grossMinor,
    commission: moneyOf(week, currency).commissionMinor,
  }));
  const ratePoints: ChartPoint[] = weeks.map((week) => ({
    label: label(week),
    cancellations: week.cancellationRate,
    disputes: week.disputeRate,
  }));

  return (
    <div className="space-y-10">
      <CurrencyPicker value={currency} onChange={setCurrency} />
      <section aria-labelledby="overview-kpis">
        <h2 id="overview-kpis" className="text-xl font-semibold text-neutral-900">
          {t('kpi.title', { week: isolated(thisWeek.isoWeek) })}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Tile
            label={t('kpi.bookings')}
            value={formats.count(thisWeek.bookings)}
            last={formats.count(lastWeek.bookings)}
          />
          <Tile
            label={t('kpi.gross', { currency: currencyLabel(currency) })}
            value={money(moneyOf(thisWeek, currency).grossMinor)}
            last={money(moneyOf(lastWeek, currency).grossMinor)}
          />
          <Tile
            label={t('kpi.commission', { currency: currencyLabel(currency) })}
            value={money(moneyOf(thisWeek, currency).commissionMinor)}
            last={money(moneyOf(lastWeek, currency).commissionMinor)}
          />
          <Tile label={t('kpi.cancellationRate')} value={rate(thisWeek)} last={rate(lastWeek)} />
          <Tile label={t('kpi.disputeRate')} value={disputeRate(thisWeek)} last={disputeRate(lastWeek)} />
        </dl>
      </section>

      <ChartSection
        title={t('charts.bookings.title')}
        hint={t('charts.bookings.hint')}
        chart={
          <WeeklyBarChart
            data={bookingPoints}
            series={[{ key: 'bookings', name: t('kpi.bookings'), color: BRAND }]}
            rtl={formats.rtl}
            formatAxis={formats.compact}
            formatValue={formats.count}
          />
        }
        weeks={weeks}
        columns={[{ header: t('kpi.bookings'), cell: (week) => formats.count(week.bookings) }]}
      />
      <ChartSection
        title={t('charts.money.title', { currency: currencyLabel(currency) })}
        hint={t('charts.money.hint')}
        chart={
          <WeeklyBarChart
            data={moneyPoints}
            series={[
              { key: 'gross', name: t('charts.money.gross'), color: BRAND },
              { key: 'commission', name: t('charts.money.commission'), color: ACCENT },
            ]}
            rtl={formats.rtl}
            formatAxis={(minor) => formats.compact(minor / 100)}
            formatValue={money}
          />
        }
        weeks={weeks}
        columns={[
          { header: t('charts.money.gross'), cell: (week) => money(moneyOf(week, currency).grossMinor) },
          { header: t('charts.money.commission'), cell: (week) => money(moneyOf(week, currency).commissionMinor) },
        ]}
      />
      <ChartSection
        title={t('charts.cancellations.title')}
        hint={t('charts.cancellations.hint')}
        chart={
          <WeeklyLineChart
            data={ratePoints}
            series={[
              { key: 'cancellations', name: t('kpi.cancellationRate'), color: ACCENT },
              { key: 'disputes', name: t('kpi.disputeRate'), color: VIOLET },
            ]}
            rtl={formats.rtl}
            formatAxis={formats.percent}
            formatValue={formats.percent}
            domain={[0, 1]}
          />
        }
        weeks={weeks}
        columns={[
          { header: t('kpi.cancellationRate'), cell: rate },
          { header: t('charts.cancellations.cancelled'), cell: (week) => formats.count(week.cancelled) },
          { header: t('kpi.disputeRate'), cell: disputeRate },
          { header: t('charts.cancellations.disputed'), cell: (week) => formats.count(week.disputed) },
        ]}
      />
    </div>
  );
}

function CurrencyPicker({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const { t } = useTranslation('overview');
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="float-start me-3 text-sm font-medium text-neutral-700">{t('currency')}</legend>
      <div className="inline-flex rounded-control border border-neutral-300 p-0.5">
        {CURRENCIES.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === value}
            onClick={() => onChange(code)}
            className={cn(
              'rounded-control px-3 py-1.5 text-sm font-medium',
              code === value ? 'bg-brand-600 text-white' : 'text-neutral-700 hover:bg-neutral-100',
            )}
          >
            {currencyLabel(code)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function Tile({ label, value, last }: { label: string; value: string; last: string }) {
  const { t } = useTranslation('overview');
  return (
    <div className="rounded-card border border-neutral-200 bg-surface p-4">
      <dt className="text-sm font-medium text-neutral-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-neutral-900 tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-neutral-600">{t('kpi.lastWeek', { value: last })}</dd>
    </div>
  );
}

interface Column {
  header: string;
  cell: (week: OverviewWeek) => string;
}

function ChartSection({
  title,
  hint,
  chart,
  weeks,
  columns,
}: {
  title: string;
  hint: string;
  chart: ReactNode;
  weeks: OverviewWeek[];
  columns: Column[];
}) {
  const { t } = useTranslation('overview');
  const formats = useFormats();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card border border-neutral-200 bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{hint}</p>
      <div className="mt-4">{chart}</div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('table.show')}</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-neutral-200 text-start text-neutral-600">
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t('table.week')}
                </th>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="py-2 pe-4 text-end font-medium">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.weekStart} className="border-b border-neutral-100">
                  <th scope="row" className="py-2 pe-4 text-start font-normal whitespace-nowrap">
                    {t('table.weekOf', { week: isolated(week.isoWeek), date: formats.week(week.weekStart) })}
                  </th>
                  {columns.map((column) => (
                    <td key={column.header} className="py-2 pe-4 text-end tabular-nums whitespace-nowrap">
                      {column.cell(week)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
