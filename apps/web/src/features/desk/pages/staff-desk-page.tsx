import { DESK_PAYMENT_STATES, DESK_SORTS, type DeskPaymentState, type DeskReservationRow } from '@marco/contract/desk';
import { RESERVATION_STATUSES, type ReservationStatus } from '@marco/contract/reservations';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { controlClasses, Input, Label } from '@/components/ui/input';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { useHasStaffRole } from '@/features/admin/hooks/use-is-staff';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/currency';
import { DESK_PAGE_SIZE, type DeskFilter, useDeskSearch } from '../api/desk';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filter in the address, so a search can be shared and reloaded. */
function filterOf(params: URLSearchParams): DeskFilter {
  const q = params.get('q')?.trim();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const status = oneOf(RESERVATION_STATUSES, params.get('status'));
  const paymentState = oneOf(DESK_PAYMENT_STATES, params.get('paymentState'));
  const sort = oneOf(DESK_SORTS, params.get('sort'));
  return {
    ...(q ? { q } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(status ? { status } : {}),
    ...(paymentState ? { paymentState } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** /staff/desk: find any reservation (support, finance). */
export function StaffDeskPage() {
  return (
    // Finance comes here to make refunds above the support limit.
    <StaffOnly staffRole={useHasStaffRole('finance') ? 'finance' : 'support'}>
      <Desk />
    </StaffOnly>
  );
}

function Desk() {
  const { t } = useTranslation('desk');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useDeskSearch(filter, page);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'from', 'to', 'status', 'paymentState', 'sort']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={6} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0) body = <EmptyBlock title={t('empty')}>{t('emptyHint')}</EmptyBlock>;
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / DESK_PAGE_SIZE));
    body = (
      <>
        <p className="mb-3 text-sm text-neutral-600">{t('total', { total: query.data.total })}</p>
        <ResultsTable rows={query.data.data} />
        {pages > 1 ? (
          <div className="mt-6 flex items-center justify-between gap-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('previous')}
            </Button>
            <span className="text-sm text-neutral-600">{t('pageOf', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('next')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <PageShell>
      <PageIntro title={t('title')} intro={t('intro')} />
      <DeskFilters key={params.toString()} filter={filter} onSubmit={apply} onReset={() => setParams({})} />
      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

type FiltersProps = {
  filter: DeskFilter;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
};

function DeskFilters({ filter, onSubmit, onReset }: FiltersProps) {
  const { t } = useTranslation('desk');
  const id = useId();
  const select = cn(controlClasses, 'h-11');
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('filters.label')}
      className="mt-10 grid gap-4 rounded-card border border-neutral-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
        <Label htmlFor={`${id}-q`}>{t('filters.q')}</Label>
        <Input id={`${id}-q`} name="q" type="search" defaultValue={filter.q ?? ''} maxLength={100} />
        <p className="text-xs text-neutral-500">{t('filters.qHint')}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
        <Input id={`${id}-from`} name="from" type="date" defaultValue={filter.from ?? ''} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
        <Input id={`${id}-to`} name="to" type="date" defaultValue={filter.to ?? ''} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-status`}>{t('filters.status')}</Label>
        <select id={`${id}-status`} name="status" defaultValue={filter.status ?? ''} className={select}>
          <option value="">{t('filters.anyStatus')}</option>
          {RESERVATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-payment`}>{t('filters.paymentState')}</Label>
        <select id={`${id}-payment`} name="paymentState" defaultValue={filter.paymentState ?? ''} className={select}>
          <option value="">{t('filters.anyPaymentState')}</option>
          {DESK_PAYMENT_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`paymentState.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-sort`}>{t('filters.sort')}</Label>
        <select id={`${id}-sort`} name="sort" defaultValue={filter.sort ?? 'starts_desc'} className={select}>
          {DESK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button type="button" variant="ghost" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      </div>
    </form>
  );
}

export function StatusPill({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation('desk');
  return (
    <span className="inline-flex rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-medium text-neutral-800">
      {t(`status.${status}`)}
    </span>
  );
}

export function PaymentPill({ state }: { state: DeskPaymentState }) {
  const { t } = useTranslation('desk');
  const tone =
    state === 'paid'
      ? 'bg-emerald-50 text-emerald-800'
      : state === 'refunded' || state === 'partially_refunded'
        ? 'bg-amber-50 text-amber-900'
        : 'bg-neutral-100 text-neutral-700';
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', tone)}>
      {t(`paymentState.${state}`)}
    </span>
  );
}

/** A table on wide screens; each row becomes a card on a phone (its cells stacked with their labels). */
function ResultsTable({ rows }: { rows: DeskReservationRow[] }) {
  const { t } = useTranslation('desk');
  const locale = useLocale();
  const when = (row: DeskReservationRow) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: row.timezone }).format(
      new Date(row.startsAt),
    );
  const cell = 'block px-4 py-1 md:table-cell md:py-3 md:align-top';
  const label = 'me-2 text-xs font-medium text-neutral-500 md:hidden';
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{t('results')}</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-neutral-200 text-start text-xs uppercase tracking-wide text-neutral-500">
          <th scope="col" className="px-4 py-2 text-start font-medium">
            {t('columns.reservation')}
          </th>
          <th scope="col" className="px-4 py-2 text-start font-medium">
            {t('columns.traveller')}
          </th>
          <th scope="col" className="px-4 py-2 text-start font-medium">
            {t('columns.guide')}
          </th>
          <th scope="col" className="px-4 py-2 text-start font-medium">
            {t('columns.state')}
          </th>
          <th scope="col" className="px-4 py-2 text-end font-medium">
            {t('columns.amount')}
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {rows.map((row) => (
          <tr
            key={row.id}
            className="block rounded-card border border-neutral-200 bg-white py-2 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:py-0"
          >
            <td className={cell}>
              <LocalizedLink to={`/staff/desk/${row.id}`} className="font-semibold text-brand-700 hover:underline">
                {when(row)}
              </LocalizedLink>
              <div className="font-mono text-xs text-neutral-500" dir="ltr">
                {row.id.slice(0, 8)}
              </div>
            </td>
            <td className={cell}>
              <span className={label}>{t('columns.traveller')}</span>
              <bdi>{row.traveller.name || '—'}</bdi>
              {row.traveller.phoneNumber ? (
                <div className="text-xs text-neutral-500" dir="ltr">
                  {row.traveller.phoneNumber}
                </div>
              ) : null}
            </td>
            <td className={cell}>
              <span className={label}>{t('columns.guide')}</span>
              <bdi>{row.guide.name || '—'}</bdi>
              {row.guide.phoneNumber ? (
                <div className="text-xs text-neutral-500" dir="ltr">
                  {row.guide.phoneNumber}
                </div>
              ) : null}
            </td>
            <td className={cn(cell, 'space-x-1 rtl:space-x-reverse')}>
              <StatusPill status={row.status} />
              <PaymentPill state={row.paymentState} />
            </td>
            <td className={cn(cell, 'md:text-end')}>
              <span className={label}>{t('columns.amount')}</span>
              {formatMoney(row.totalMinor, row.currency, locale)}
              {row.refundedMinor > 0 ? (
                <div className="text-xs text-amber-800">
                  {t('refunded', { amount: formatMoney(row.refundedMinor, row.currency, locale) })}
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
