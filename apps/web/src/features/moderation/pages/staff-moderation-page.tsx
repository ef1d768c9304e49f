import {
  HIDEABLE_TARGET_TYPES,
  type ModerationDecision,
  type ModerationItem,
  type ModerationStatus,
} from '@marco/contract/moderation';
import { Star } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/describe-error';
import {
  type QueueStatus,
  useDecideModerationItem,
  useModerationItem,
  useModerationQueue,
} from '../api/moderation-queue';
import { formatWhen, Pager } from '../components/pager';

const PAGE_SIZE = 20;

/** /staff/moderation: what members reported, in context, and the decision on each (support). */
export function StaffModerationPage() {
  return (
    <StaffOnly staffRole="support">
      <ModerationQueuePage />
    </StaffOnly>
  );
}

function ModerationQueuePage() {
  const { t } = useTranslation('moderation');
  const [params, setParams] = useSearchParams();
  const status: QueueStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useModerationQueue(status, page);
  const show = (next: { status?: QueueStatus; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus === 'closed') search.set('status', 'closed');
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={5} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0)
    body =
      status === 'open' ? (
        <EmptyBlock title={t('queue.empty')}>{t('queue.emptyHint')}</EmptyBlock>
      ) : (
        <EmptyBlock title={t('queue.emptyClosed')} />
      );
  else
    body = (
      <>
        <ul className="flex flex-col gap-4">
          {query.data.data.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pages={Math.max(1, Math.ceil(query.data.total / PAGE_SIZE))}
          onPage={(target) => show({ page: target })}
        />
      </>
    );

  return (
    <PageShell>
      <PageIntro title={t('queue.title')} intro={t('queue.intro')} />
      <div role="tablist" aria-label={t('queue.tabs.label')} className="mt-8 flex gap-2 border-b border-neutral-200">
        {(['open', 'closed'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={status === tab}
            onClick={() => show({ status: tab })}
            className={cn(
              '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold',
              status === tab
                ? 'border-brand-600 text-brand-800'
                : 'border-transparent text-neutral-600 hover:text-neutral-900',
            )}
          >
            {t(`queue.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

const STATUS_CLASSES: Record<ModerationStatus, string> = {
  open: 'bg-accent-50 text-accent-800',
  dismissed: 'bg-neutral-100 text-neutral-700',
  hidden: 'bg-error-50 text-error-700',
  warned: 'bg-accent-50 text-accent-800',
  suspended: 'bg-error-50 text-error-700',
};

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}>{children}</span>;
}

function ItemCard({ item }: { item: ModerationItem }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const [showReports, setShowReports] = useState(false);
  const authorName = item.author.name ?? t('queue.unnamed');
  const isPerson = item.targetType === 'guide' || item.targetType === 'user';
  return (
    <article
      data-testid="moderation-item"
      className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card sm:p-6"
      aria-labelledby={`item-${item.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`item-${item.id}`} className="text-base font-bold text-neutral-900">
          {t(`types.${item.targetType}`)}
        </h2>
        <Badge className={STATUS_CLASSES[item.status]}>{t(`statuses.${item.status}`)}</Badge>
        {item.content.isHidden && item.status !== 'hidden' ? (
          <Badge className="bg-error-50 text-error-700">{t('queue.hidden')}</Badge>
        ) : null}
        <span className="ms-auto text-sm text-neutral-600">{t('queue.reportCount', { count: item.reportCount })}</span>
      </div>
      <p className="mt-1 text-sm text-neutral-500">
        {t('queue.firstReported', { date: formatWhen(locale, item.firstReportedAt) })}
        {item.decidedAt ? ` · ${t('queue.decidedAt', { date: formatWhen(locale, item.decidedAt) })}` : null}
      </p>

      <div className="mt-4 rounded-control border-s-4 border-neutral-300 bg-neutral-50 p-4">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-neutral-900">
          {isPerson ? t('queue.account', { name: authorName }) : t('queue.author', { name: authorName })}
          {item.author.isSuspended ? (
            <Badge className="bg-error-50 text-error-700">{t('queue.suspended')}</Badge>
          ) : null}
        </p>
        {item.content.inReplyTo !== null ? (
          <div className="mt-2 text-sm text-neutral-600">
            <p className="font-medium">{t('queue.inReplyTo')}</p>
            <p dir="auto" className="whitespace-pre-line">
              {item.content.inReplyTo || t('queue.noText')}
            </p>
          </div>
        ) : null}
        {item.content.rating !== null && item.targetType === 'review' ? (
          <p className="mt-2 flex items-center gap-1 text-sm text-neutral-700">
            <Star aria-hidden="true" className="size-4 fill-accent-500 text-accent-500" />
            {t('queue.rating', { rating: item.content.rating })}
          </p>
        ) : null}
        <p dir="auto" className="mt-2 whitespace-pre-line text-start text-neutral-800" data-testid="moderation-content">
          {item.content.text || t('queue.noText')}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {item.content.guideId ? (
            <LocalizedLink
              to={`/guides/${item.content.guideId}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {t('queue.viewGuide')}
            </LocalizedLink>
          ) : null}
          <LocalizedLink
            to={`/staff/users/${item.author.userId}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('queue.viewAuthor')}
          </LocalizedLink>
        </div>
      </div>

      {item.decisionNote ? (
        <p className="mt-3 text-sm text-neutral-600">{t('queue.note', { note: item.decisionNote })}</p>
      ) : null}

      <button
        type="button"
        aria-expanded={showReports}
        onClick={() => setShowReports((shown) => !shown)}
        className="mt-4 text-sm font-semibold text-brand-700 hover:underline"
      >
        {showReports ? t('queue.hideReports') : t('queue.showReports')}
      </button>
      {showReports ? <Reports itemId={item.id} /> : null}

      {item.status === 'open' ? <Decision item={item} /> : null}
    </article>
  );
}

function Reports({ itemId }: { itemId: string }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const detail = useModerationItem(itemId);
  if (detail.isPending) return <LoadingBlock rows={2} />;
  if (detail.isError) return <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <ul className="mt-3 flex flex-col gap-3">
      {detail.data.reports.map((report) => (
        <li key={report.id} className="rounded-control border border-neutral-200 p-3 text-sm">
          <p className="font-semibold text-neutral-900">{t(`reasons.${report.reason}`)}</p>
          {report.text ? (
            <p dir="auto" className="mt-1 whitespace-pre-line text-neutral-700">
              {report.text}
            </p>
          ) : null}
          <p className="mt-1 text-neutral-500">
            {t('queue.reportBy', {
              name: report.reporter.name ?? t('queue.unnamed'),
              date: formatWhen(locale, report.createdAt),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Decision({ item }: { item: ModerationItem }) {
  const { t } = useTranslation('moderation');
  const { t: tErrors } = useTranslation();
  const { toast } = useToast();
  const decide = useDecideModerationItem();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<ModerationDecision | null>(null);
  const id = useId();
  const decisions: ModerationDecision[] = HIDEABLE_TARGET_TYPES.includes(item.targetType)
    ? ['dismiss', 'hide', 'warn', 'suspend']
    : ['dismiss', 'warn', 'suspend'];
  const act = (decision: ModerationDecision) => {
    setPending(decision);
    decide.mutate(
      { id: item.id, body: { decision, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => toast({ title: t('queue.decided'), color: 'success' }),
        onError: (error) => {
          const { title, description } = describeError(error, tErrors);
          toast({ title, description, color: 'error' });
        },
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <div className="mt-5 border-t border-neutral-100 pt-4">
      <Label htmlFor={`${id}-note`}>{t('queue.noteLabel')}</Label>
      <Textarea
        id={`${id}-note`}
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="mt-2"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {decisions.map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === 'dismiss' ? 'outline' : decision === 'warn' ? 'secondary' : 'delete'}
            loading={pending === decision}
            disabled={decide.isPending}
            onClick={() => act(decision)}
            data-testid={`decide-${decision}`}
          >
            {t(`queue.decisions.${decision}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
