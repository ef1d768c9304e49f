import type { StaffUserSummary } from '@marco/contract/moderation';
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { useStaffUsers } from '../api/staff-users';
import { formatWhen, Pager } from '../components/pager';

const PAGE_SIZE = 20;

/** /staff/users: support finds an account and opens its history (support). */
export function StaffUsersPage() {
  return (
    <StaffOnly staffRole="support">
      <UsersPage />
    </StaffOnly>
  );
}

function UsersPage() {
  const { t } = useTranslation('moderation');
  const [params, setParams] = useSearchParams();
  const id = useId();
  const q = params.get('q')?.trim() ?? '';
  const suspended = params.get('suspended') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStaffUsers({ q, suspended, page });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const text = String(form.get('q') ?? '').trim();
    if (text) next.set('q', text);
    if (form.get('suspended')) next.set('suspended', 'true');
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
    body = <EmptyBlock title={t('users.empty')}>{t('users.emptyHint')}</EmptyBlock>;
  else
    body = (
      <>
        <ul className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
          {query.data.data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
        <Pager page={page} pages={Math.max(1, Math.ceil(query.data.total / PAGE_SIZE))} onPage={goTo} />
      </>
    );

  return (
    <PageShell>
      <PageIntro title={t('users.title')} intro={t('users.intro')} />
      <form
        key={params.toString()}
        onSubmit={submit}
        className="mt-8 flex flex-col gap-3 rounded-card border border-neutral-200 bg-surface p-4 shadow-card sm:flex-row sm:items-end"
      >
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-q`}>{t('users.searchLabel')}</Label>
          <Input id={`${id}-q`} name="q" type="search" defaultValue={q} maxLength={100} dir="auto" />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-800">
          <input type="checkbox" name="suspended" defaultChecked={suspended} className="size-4 accent-brand-600" />
          {t('users.suspendedOnly')}
        </label>
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('users.search')}
        </Button>
      </form>
      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function UserRow({ user }: { user: StaffUserSummary }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const name = [user.name, user.surname].filter(Boolean).join(' ') || t('users.unnamed');
  return (
    <li>
      <LocalizedLink
        to={`/staff/users/${user.id}`}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-neutral-50 focus-visible:bg-neutral-50 sm:flex-row sm:items-center sm:gap-4"
        data-testid="staff-user-row"
      >
        <span className="flex flex-1 flex-wrap items-center gap-2">
          <span className="font-semibold text-neutral-900">{name}</span>
          {user.isGuide ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {t('users.guide')}
            </span>
          ) : null}
          {user.roles.length ? (
            <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-semibold text-neutral-700">
              {t('users.staff')}
            </span>
          ) : null}
          {user.suspendedAt ? (
            <span className="rounded-full bg-error-50 px-2.5 py-0.5 text-xs font-semibold text-error-700">
              {t('users.suspended')}
            </span>
          ) : null}
          {user.isDeleted ? (
            <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-semibold text-neutral-600">
              {t('users.deleted')}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-neutral-600" dir="ltr">
          {user.phoneNumber ?? user.email ?? ''}
        </span>
        <span className="text-sm text-neutral-500">
          {t('users.joined', { date: formatWhen(locale, user.createdAt) })}
        </span>
      </LocalizedLink>
    </li>
  );
}
