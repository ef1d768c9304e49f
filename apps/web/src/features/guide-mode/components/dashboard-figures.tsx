import type { GuideDashboard } from '@marco/contract/payments';
import { CalendarCheck, Clock, Hourglass, type LucideIcon, Star, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/features/reservations/components/states';
import { StarRating } from '@/features/reviews/components/star-rating-input';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { useDashboardSummary } from '../api/get-dashboard-summary';

function Figure({
  icon: Icon,
  label,
  value,
  hint,
  to,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  to?: string;
  testId: string;
}) {
  const content = (
    <>
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Icon aria-hidden="true" className="size-4 text-brand-600" />
        {label}
      </div>
      <div className="mt-2 text-2xl font-bold tabular-nums text-neutral-900" data-testid={testId}>
        {value}
      </div>
      {hint ? <div className="mt-1 text-xs text-neutral-500">{hint}</div> : null}
    </>
  );
  const className = 'block h-full rounded-card border border-neutral-200 bg-surface p-4 shadow-card';
  return to ? (
    <LocalizedLink to={to} className={`${className} transition-colors hover:border-brand-300`}>
      {content}
    </LocalizedLink>
  ) : (
    <div className={className}>{content}</div>
  );
}

/** The guide's numbers (spec §1): clients, balance, active reservations, weekly empty hours, pending requests, rating. */
export function DashboardFigures({ publicProfile }: { publicProfile: string | null }) {
  const { t } = useTranslation('reservations');
  const summary = useDashboardSummary();
  if (summary.isPending) {
    return (
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t('state.loading')}
        </span>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <Skeleton key={index} className="h-28 rounded-card" />
        ))}
      </div>
    );
  }
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  return <Figures data={summary.data} publicProfile={publicProfile} />;
}

function Figures({ data, publicProfile }: { data: GuideDashboard; publicProfile: string | null }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const rating = data.rating.average;
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-6">
      <li>
        <Figure
          icon={Users}
          label={t('dashboard.clients')}
          value={number.format(data.clientsCount)}
          testId="figure-clients"
        />
      </li>
      <li>
        <Figure
          icon={Wallet}
          label={t('dashboard.balance')}
          testId="figure-balance"
          value={
            data.balances.length === 0 ? (
              formatMoney(0, 'USD', locale)
            ) : (
              <span className="flex flex-col">
                {data.balances.map((balance) => (
                  <span key={balance.currency} className="text-xl">
                    <bdi>{formatMoney(balance.amountMinor, balance.currency, locale)}</bdi>
                  </span>
                ))}
              </span>
            )
          }
          hint={t('dashboard.balanceHint')}
        />
      </li>
      <li>
        <Figure
          icon={CalendarCheck}
          label={t('dashboard.active')}
          value={number.format(data.activeReservationsCount)}
          to="/requests/active"
          testId="figure-active"
        />
      </li>
      <li>
        <Figure
          icon={Clock}
          label={t('dashboard.emptyHours')}
          value={number.format(data.weeklyEmptyHours)}
          hint={t('dashboard.emptyHoursHint')}
          to="/guide-settings"
          testId="figure-empty-hours"
        />
      </li>
      <li>
        <Figure
          icon={Hourglass}
          label={t('dashboard.pending')}
          value={number.format(data.pendingRequestsCount)}
          to="/requests/await"
          testId="figure-pending"
        />
      </li>
      <li>
        <Figure
          icon={Star}
          label={t('dashboard.rating')}
          testId="figure-rating"
          to={publicProfile ?? undefined}
          value={
            rating === null
              ? '—'
              : new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(rating)
          }
          hint={
            rating === null ? (
              t('dashboard.noRatings')
            ) : (
              <span className="flex flex-wrap items-center gap-1">
                <StarRating value={rating} />
                {t('dashboard.reviewCount', { count: data.rating.count })}
              </span>
            )
          }
        />
      </li>
    </ul>
  );
}
