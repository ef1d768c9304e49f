import type { DisputeQueueRow, DisputeStatus } from '@marco/contract/disputes';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { useHasStaffRole } from '@/features/admin/hooks/use-is-staff';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { Pager } from '@/features/moderation/components/pager';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { DISPUTE_QUEUE_PAGE_SIZE, useDisputeQueue } from '../api/disputes';
import { CaseStatusPill, formatAt } from '../components/case-parts';

/** /staff/disputes: open cases oldest first (the queue), or resolved ones newest first. */
export function StaffDisputesPage() {
  return (
    // Finance comes here to refund above the support limit.
    <StaffOnly staffRole={useHasStaffRole('finance') ? 'finance' : 'support'}>
      <DisputeQueue />
    </StaffOnly>
  );
}

const tabClass = (active: boolean) =>
  cn(
    'rounded-control px-3 py-1.5 text-sm font-medium',
    active ? 'bg-brand-50 text-brand-800' : 'text-neutral-700 hover:bg-neutral-100',
  );

function DisputeQueue() {
  const { t } = useTranslation('disputes');
  useDocumentTitle(t('queue.title'));
  const [status, setStatus] = useState<DisputeStatus>('open');
  const [page, setPage] = useState(1);
  const query = useDisputeQueue(status, page);
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={5} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0)
    body = <EmptyBlock title={t(status === 'open' ? 'queue.emptyOpen' : 'queue.emptyResolved')} />;
  else
    body = (
      <>
        <ul className="divide-y divide-neutral-200 rounded-card border border-neutral-200 bg-white">
          {query.data.data.map((row) => (
            <QueueRow key={row.id} row={row} />
          ))}
        </ul>
        <Pager page={page} pages={Math.ceil(query.data.total / DISPUTE_QUEUE_PAGE_SIZE)} onPage={setPage} />
      </>
    );
  return (
    <PageShell>
      <PageIntro title={t('queue.title')} intro={t('queue.intro')} />
      <fieldset className="mt-6 flex gap-2">
        <legend className="sr-only">{t('queue.filter')}</legend>
        {(['open', 'resolved'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            className={tabClass(status === value)}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {t(`queue.tab.${value}`)}
          </button>
        ))}
      </fieldset>
      <div className="mt-4" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function QueueRow({ row }: { row: DisputeQueueRow }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  return (
    <li>
      <LocalizedLink
        to={`/staff/disputes/${row.id}`}
        className="grid gap-2 px-5 py-4 hover:bg-neutral-50 sm:grid-cols-[minmax(0,1fr)_auto]"
      >
        <div className="min-w-0">
          <p className="font-semibold text-neutral-900">{t(`reasons.${row.reason}`)}</p>
          <p className="text-sm text-neutral-700">
            {t('case.about', { traveller: row.reservation.traveller.name, guide: row.reservation.guide.name })}
          </p>
          <p className="text-xs text-neutral-600">
            {t(`case.openedBy.${row.openedBy}`)} · <time dateTime={row.openedAt}>{formatAt(locale, row.openedAt)}</time>{' '}
            · {t('queue.messages', { count: row.messageCount })}
          </p>
        </div>
        <div className="flex items-start gap-2">
          {row.resolution ? (
            <span className="text-sm text-neutral-700">{t(`resolution.${row.resolution}`)}</span>
          ) : null}
          <CaseStatusPill status={row.status} />
        </div>
      </LocalizedLink>
    </li>
  );
}
