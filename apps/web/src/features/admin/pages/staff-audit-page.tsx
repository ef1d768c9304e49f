import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@marco/contract/staff';
import { Download } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { controlClasses, Input, Label } from '@/components/ui/input';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { AUDIT_PAGE_SIZE, type AuditFilter, auditExportUrl, useAuditLog } from '../api/search-audit-log';
import { StaffOnly } from '../components/staff-only';

const isAction = (value: string | null): value is AuditAction =>
  value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter in the address (`?action=&target=&from=YYYY-MM-DD&to=`), so a search can be shared and reloaded. */
function filterOf(params: URLSearchParams): { filter: AuditFilter; from: string; to: string } {
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : '';
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : '';
  const action = params.get('action');
  const target = params.get('target')?.trim();
  return {
    from,
    to,
    filter: {
      ...(isAction(action) ? { action } : {}),
      ...(target ? { targetId: target } : {}),
      // Days are the staff member's own: from their midnight to the end of the last day.
      ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
      ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
    },
  };
}

/** /staff/audit: every staff action, searchable and exported as CSV (admin). */
export function StaffAuditPage() {
  return (
    <StaffOnly staffRole="admin">
      <AuditLog />
    </StaffOnly>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const { filter, from, to } = filterOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAuditLog(filter, page);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['action', 'target', 'from', 'to']) {
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
  else if (query.data.data.length === 0)
    body = <EmptyBlock title={t('audit.empty')}>{t('audit.emptyHint')}</EmptyBlock>;
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / AUDIT_PAGE_SIZE));
    body = (
      <>
        <p className="mb-3 text-sm text-neutral-600">{t('audit.total', { total: query.data.total })}</p>
        <ol className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
          {query.data.data.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
        {pages > 1 ? (
          <div className="mt-6 flex items-center justify-between gap-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('queue.previous')}
            </Button>
            <span className="text-sm text-neutral-600">{t('queue.pageOf', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('queue.next')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <PageShell>
      <PageIntro
        title={t('audit.title')}
        intro={t('audit.intro')}
        actions={
          <a href={auditExportUrl(filter)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" className="size-4" />
            {t('audit.export')}
          </a>
        }
      />
      <AuditFilters
        key={params.toString()}
        action={filter.action ?? ''}
        target={filter.targetId ?? ''}
        from={from}
        to={to}
        onSubmit={apply}
        onReset={() => setParams(new URLSearchParams())}
      />
      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

type FiltersProps = {
  action: string;
  target: string;
  from: string;
  to: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
};

function AuditFilters({ action, target, from, to, onSubmit, onReset }: FiltersProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('audit.filters.label')}
      className="mt-10 grid gap-4 rounded-card border border-neutral-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-[1.2fr_1.5fr_1fr_1fr_auto]"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-action`}>{t('audit.filters.action')}</Label>
        <select id={`${id}-action`} name="action" defaultValue={action} className={cn(controlClasses, 'h-11')}>
          <option value="">{t('audit.filters.allActions')}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`audit.actions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-target`}>{t('audit.filters.target')}</Label>
        <Input id={`${id}-target`} name="target" defaultValue={target} dir="ltr" maxLength={100} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-from`}>{t('audit.filters.from')}</Label>
        <Input id={`${id}-from`} name="from" type="date" defaultValue={from} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-to`}>{t('audit.filters.to')}</Label>
        <Input id={`${id}-to`} name="to" type="date" defaultValue={to} />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit">{t('audit.filters.apply')}</Button>
        <Button type="button" variant="ghost" onClick={onReset}>
          {t('audit.filters.reset')}
        </Button>
      </div>
    </form>
  );
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** What changed: the fields whose value differs before and after. */
function changesOf(entry: AuditEntry): Array<{ field: string; before: string; after: string }> {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => show(before[field]) !== show(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(entry.at));
  const action = isAction(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action;
  const roles = entry.actor.roles.map((role) => t(`roles.${role}`, { defaultValue: role })).join(', ');
  return (
    <li className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="min-w-0">
        <p className="font-semibold text-neutral-900">{action}</p>
        <p className="mt-1 text-sm text-neutral-600">
          <time dateTime={entry.at}>{when}</time>
        </p>
        <p className="mt-1 text-sm text-neutral-700">
          <bdi>{entry.actor.name ?? t('audit.unnamedStaff')}</bdi> · {roles}
        </p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="text-neutral-600">
          {t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })}{' '}
          <bdi dir="ltr" className="break-all font-mono text-xs text-neutral-800">
            {entry.targetId}
          </bdi>
        </p>
        {changesOf(entry).length ? (
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {changesOf(entry).map((change) => (
              <div key={change.field} className="contents">
                <dt className="font-medium text-neutral-700">
                  <bdi dir="ltr">{change.field}</bdi>
                </dt>
                <dd className="break-words text-neutral-800">
                  <bdi dir="ltr">
                    {change.before} → {change.after}
                  </bdi>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {entry.requestId ? (
          <p className="mt-2 text-xs text-neutral-500">
            {t('audit.requestId')}{' '}
            <bdi dir="ltr" className="font-mono">
              {entry.requestId}
            </bdi>
          </p>
        ) : null}
      </div>
    </li>
  );
}
