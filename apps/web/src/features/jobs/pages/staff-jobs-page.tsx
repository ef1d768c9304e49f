import { BACKGROUND_JOBS, type DeadLetter, JOB_RETRY_LIMIT, type JobQueue, type StaffJobs } from '@marco/contract/jobs';
import { CheckCircle2, Clock, RefreshCw, RotateCw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { useStaffJobs } from '../api/jobs';

/** /staff/jobs: the background jobs' queues and the runs that failed every try (admin). */
export function StaffJobsPage() {
  return (
    <StaffOnly staffRole="admin">
      <Jobs />
    </StaffOnly>
  );
}

/** The largest whole unit of an interval, so 3600 s reads "every hour" and 90 s "every 90 seconds". */
const UNITS = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;
type Unit = (typeof UNITS)[number][0];

function intervalOf(seconds: number): { unit: Unit; count: number } {
  const [unit, size] = UNITS.find(([, length]) => seconds % length === 0) ?? ['second', 1];
  return { unit, count: seconds / size };
}

function useFormats() {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const count = new Intl.NumberFormat(locale);
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    count: (value: number) => count.format(value),
    schedule: (everySeconds: number) => {
      const { unit, count: amount } = intervalOf(everySeconds);
      if (amount === 1) return t(`schedule.one.${unit}`);
      const interval = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
      return t(`schedule.many.${unit}`, { interval });
    },
  };
}

function Jobs() {
  const { t } = useTranslation('jobs');
  const formats = useFormats();
  const jobs = useStaffJobs();
  let body: ReactNode;
  if (jobs.isPending) body = <LoadingBlock rows={6} />;
  else if (jobs.isError) body = <ErrorBlock error={jobs.error} onRetry={() => void jobs.refetch()} />;
  else body = <Figures jobs={jobs.data} />;
  return (
    <PageShell>
      <PageIntro
        title={t('title')}
        intro={t('intro', { limit: JOB_RETRY_LIMIT })}
        actions={
          <>
            <Button variant="outline" onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('refresh')}
            </Button>
            {/* Announced after a refresh, rather than every figure that changed. */}
            <p className="text-sm text-neutral-600" aria-live="polite">
              {jobs.data ? t('generatedAt', { time: formats.dateTime(jobs.data.generatedAt) }) : null}
            </p>
          </>
        }
      />
      <div className="mt-10" aria-busy={jobs.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

const listOrder = (job: JobQueue['job']) => BACKGROUND_JOBS.indexOf(job);

function Figures({ jobs }: { jobs: StaffJobs }) {
  const { t } = useTranslation('jobs');
  const queues = [...jobs.queues].sort((a, b) => listOrder(a.job) - listOrder(b.job));
  const deadLetters = [...jobs.deadLetters].sort((a, b) => Date.parse(b.failedAt) - Date.parse(a.failedAt));
  return (
    <div className="space-y-12">
      <section aria-labelledby="jobs-queues">
        <h2 id="jobs-queues" className="text-xl font-semibold text-neutral-900">
          {t('queues.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{t('queues.hint')}</p>
        <div className="mt-4">
          {queues.length === 0 ? (
            <EmptyBlock title={t('queues.empty')}>{t('queues.emptyHint')}</EmptyBlock>
          ) : (
            <QueuesTable queues={queues} />
          )}
        </div>
      </section>
      <section aria-labelledby="jobs-dead-letters">
        <h2 id="jobs-dead-letters" className="text-xl font-semibold text-neutral-900">
          {t('deadLetters.title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{t('deadLetters.hint')}</p>
        <div className="mt-4">
          {deadLetters.length === 0 ? (
            <EmptyBlock title={t('deadLetters.empty')} />
          ) : (
            <ol className="space-y-4">
              {deadLetters.map((letter) => (
                <DeadLetterItem key={letter.id} letter={letter} />
              ))}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}

type Health = 'healthy' | 'retrying' | 'failed' | 'waiting';

/** Retries first: a run is failing right now; then whether the last finished run failed or succeeded. */
function healthOf(queue: JobQueue): Health {
  if (queue.retrying > 0) return 'retrying';
  const failed = queue.lastFailedAt ? Date.parse(queue.lastFailedAt) : null;
  const succeeded = queue.lastSucceededAt ? Date.parse(queue.lastSucceededAt) : null;
  if (failed !== null && (succeeded === null || failed > succeeded)) return 'failed';
  return succeeded === null ? 'waiting' : 'healthy';
}

const HEALTH_STYLE: Record<Health, { icon: typeof CheckCircle2; tone: string }> = {
  healthy: { icon: CheckCircle2, tone: 'bg-success-50 text-success-800' },
  retrying: { icon: RotateCw, tone: 'bg-warning-50 text-warning-800' },
  failed: { icon: XCircle, tone: 'bg-error-50 text-error-800' },
  waiting: { icon: Clock, tone: 'bg-neutral-100 text-neutral-700' },
};

function HealthBadge({ health }: { health: Health }) {
  const { t } = useTranslation('jobs');
  const { icon: Icon, tone } = HEALTH_STYLE[health];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`health.${health}`)}
    </span>
  );
}

/** A table on wide screens; each job becomes a card on a phone (its cells stacked with their labels). */
function QueuesTable({ queues }: { queues: JobQueue[] }) {
  const { t } = useTranslation('jobs');
  const formats = useFormats();
  // On a phone the three counts share a line; every other cell takes the card's width.
  const cell = 'block px-4 py-1 lg:table-cell lg:py-3 lg:align-top';
  const wide = cn(cell, 'col-span-3');
  const number = cn(cell, 'tabular-nums lg:text-end');
  const label = 'me-2 text-xs font-medium text-neutral-500 lg:hidden';
  const countLabel = 'block text-xs font-medium text-neutral-500 lg:hidden';
  const header = 'px-4 py-2 text-start font-medium';
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formats.dateTime(iso)}</time> : t('never'));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{t('queues.title')}</caption>
      <thead className="hidden lg:table-header-group">
        <tr className="border-b border-neutral-200 text-xs uppercase tracking-wide text-neutral-500">
          <th scope="col" className={header}>
            {t('columns.job')}
          </th>
          <th scope="col" className={header}>
            {t('columns.status')}
          </th>
          <th scope="col" className={header}>
            {t('columns.schedule')}
          </th>
          <th scope="col" className={cn(header, 'text-end')}>
            {t('columns.queued')}
          </th>
          <th scope="col" className={cn(header, 'text-end')}>
            {t('columns.active')}
          </th>
          <th scope="col" className={cn(header, 'text-end')}>
            {t('columns.retrying')}
          </th>
          <th scope="col" className={header}>
            {t('columns.lastSucceeded')}
          </th>
          <th scope="col" className={header}>
            {t('columns.lastFailed')}
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 lg:table-row-group">
        {queues.map((queue) => (
          <tr
            key={queue.job}
            className="grid grid-cols-3 rounded-card border border-neutral-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-x-0 lg:border-t-0 lg:py-0"
          >
            <th scope="row" className={cn(wide, 'text-start font-normal lg:max-w-xs')}>
              <span className="font-semibold text-neutral-900">{t(`names.${queue.job}.name`)}</span>
              <span className="mt-0.5 block text-neutral-600">{t(`names.${queue.job}.description`)}</span>
            </th>
            <td className={wide}>
              <HealthBadge health={healthOf(queue)} />
            </td>
            <td className={cn(wide, 'lg:whitespace-nowrap')}>
              <span className={label}>{t('columns.schedule')}</span>
              {formats.schedule(queue.everySeconds)}
            </td>
            <td className={number}>
              <span className={countLabel}>{t('columns.queued')}</span>
              {formats.count(queue.queued)}
            </td>
            <td className={number}>
              <span className={countLabel}>{t('columns.active')}</span>
              {formats.count(queue.active)}
            </td>
            <td className={number}>
              <span className={countLabel}>{t('columns.retrying')}</span>
              {formats.count(queue.retrying)}
            </td>
            <td className={wide}>
              <span className={label}>{t('columns.lastSucceeded')}</span>
              {when(queue.lastSucceededAt)}
            </td>
            <td className={wide}>
              <span className={label}>{t('columns.lastFailed')}</span>
              {when(queue.lastFailedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DeadLetterItem({ letter }: { letter: DeadLetter }) {
  const { t } = useTranslation('jobs');
  const formats = useFormats();
  return (
    <li className="rounded-card border border-neutral-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-neutral-900">{t(`names.${letter.job}.name`)}</h3>
        <p className="text-sm text-neutral-600">
          <time dateTime={letter.failedAt}>
            {t('deadLetters.failedAt', { time: formats.dateTime(letter.failedAt) })}
          </time>
        </p>
      </div>
      <p className="mt-1 text-sm text-neutral-600">{t('deadLetters.attempts', { count: letter.attempts })}</p>
      {/* The server's own words, in English whatever the page's language. */}
      <pre
        dir="ltr"
        lang="en"
        className="mt-3 overflow-x-auto rounded-control bg-neutral-50 p-3 text-start font-mono text-xs whitespace-pre-wrap break-words text-neutral-800"
      >
        {letter.error}
      </pre>
    </li>
  );
}
