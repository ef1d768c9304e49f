import { type AdminGuideSummary, GUIDE_STATUSES, type GuideStatus } from '@marco/contract/guides';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { formatDate, joinList } from '@/features/guides/utils/format';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ADMIN_PAGE_SIZE, useGuideApplications } from '../api/list-guide-applications';
import { Forbidden, StaffOnly } from '../components/staff-only';
import { StatusBadge } from '../components/status-badge';

// The review queue first; drafts last (applicants still working on them).
const TABS: GuideStatus[] = ['submitted', 'approved', 'rejected', 'suspended', 'draft'];
const isStatus = (value: unknown): value is GuideStatus =>
  typeof value === 'string' && (GUIDE_STATUSES as readonly string[]).includes(value);

/** /admin/guides: guide applications by status, for staff. */
export function AdminGuidesPage() {
  return (
    <StaffOnly>
      <ApplicationQueue />
    </StaffOnly>
  );
}

function ApplicationQueue() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status: GuideStatus = isStatus(params.get('status')) ? (params.get('status') as GuideStatus) : 'submitted';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useGuideApplications({ status, page });

  if (query.isError && isApiError(query.error) && query.error.status === 403) return <Forbidden />;

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={5} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0)
    body = <EmptyBlock title={t(`queue.empty.${status}`)}>{t('queue.emptyHint')}</EmptyBlock>;
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / ADMIN_PAGE_SIZE));
    body = (
      <>
        <ApplicationList items={query.data.data} />
        {pages > 1 ? (
          <div className="mt-6 flex items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setParams({ status, page: String(page - 1) })}
            >
              {t('queue.previous')}
            </Button>
            <span className="text-sm text-neutral-600">{t('queue.pageOf', { page, pages })}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setParams({ status, page: String(page + 1) })}
            >
              {t('queue.next')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <PageShell>
      <PageIntro title={t('queue.title')} intro={t('queue.intro')} />
      <div className="mt-10">
        <div
          role="tablist"
          aria-label={t('queue.tabsLabel')}
          className="mb-6 flex gap-1 overflow-x-auto border-b border-neutral-200"
        >
          {TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={tab === status}
              aria-controls="admin-queue-panel"
              onClick={() => setParams({ status: tab })}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors',
                tab === status
                  ? 'border-brand-600 text-brand-800'
                  : 'border-transparent text-neutral-600 hover:text-neutral-900',
              )}
            >
              {t(`statuses.${tab}`)}
              {tab === status && query.data ? (
                <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs tabular-nums">
                  {query.data.total}
                </span>
              ) : null}
            </button>
          ))}
        </div>
        <div id="admin-queue-panel" role="tabpanel" aria-label={t(`statuses.${status}`)}>
          {body}
        </div>
      </div>
    </PageShell>
  );
}

function ApplicationList({ items }: { items: AdminGuideSummary[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <ul className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
      {items.map((item) => {
        const name = [item.name, item.surname].filter(Boolean).join(' ') || t('detail.unnamed');
        const place = joinList([item.city?.name, item.country?.name], locale);
        return (
          <li key={item.id}>
            <LocalizedLink
              to={`/admin/guides/${item.id}`}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 hover:bg-neutral-50 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_auto_auto]"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-neutral-900">
                  <bdi>{name}</bdi>
                </span>
                <span className="block truncate text-sm text-neutral-600">
                  <bdi dir="ltr">{item.phoneNumber ?? item.email ?? ''}</bdi>
                </span>
              </span>
              <span className="col-start-1 min-w-0 truncate text-sm text-neutral-600 sm:col-start-auto">
                {place || t('detail.noPlace')}
              </span>
              <span className="col-start-1 text-sm text-neutral-500 sm:col-start-auto">
                {item.submittedAt
                  ? t('queue.submittedOn', { date: formatDate(item.submittedAt.slice(0, 10), locale) })
                  : t('queue.stage', { stage: item.stage })}
              </span>
              <span className="col-start-2 row-span-3 row-start-1 flex items-center gap-2 sm:col-start-auto sm:row-span-1 sm:row-start-auto">
                <StatusBadge status={item.status} />
                <ChevronRight aria-hidden="true" className="size-4 text-neutral-400 rtl:rotate-180" />
              </span>
            </LocalizedLink>
          </li>
        );
      })}
    </ul>
  );
}
