import type { StaffUserDetail } from '@marco/contract/moderation';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { describeError } from '@/lib/describe-error';
import { useSetSuspension, useStaffUser } from '../api/staff-users';
import { formatWhen } from '../components/pager';

/** /staff/users/:id: one account (no password data), its history, and suspending or reinstating it (support). */
export function StaffUserPage() {
  return (
    <StaffOnly staffRole="support">
      <UserPage />
    </StaffOnly>
  );
}

function UserPage() {
  const { id = '' } = useParams();
  const query = useStaffUser(id);
  return (
    <PageShell>
      <BackLink />
      <div className="mt-6">
        {query.isPending ? (
          <LoadingBlock rows={8} />
        ) : query.isError ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Account account={query.data} />
        )}
      </div>
    </PageShell>
  );
}

function BackLink() {
  const { t } = useTranslation('moderation');
  return (
    <LocalizedLink
      to="/staff/users"
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('user.back')}
    </LocalizedLink>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card sm:p-6">
      <h2 className="text-lg font-bold text-neutral-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Account({ account }: { account: StaffUserDetail }) {
  const { t } = useTranslation('moderation');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tReservations } = useTranslation('reservations');
  const locale = useLocale();
  const [suspending, setSuspending] = useState(false);
  const name = [account.name, account.surname].filter(Boolean).join(' ') || t('users.unnamed');
  useDocumentTitle(name);
  const when = (value: string) => formatWhen(locale, value);
  const money = (minor: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
  const none = <p className="text-sm text-neutral-500">{t('user.none')}</p>;
  const fields: Array<[string, ReactNode]> = [
    [
      t('user.phone'),
      account.phoneNumber ? (
        <>
          <span dir="ltr">{account.phoneNumber}</span> (
          {account.phoneConfirmed ? t('user.confirmed') : t('user.notConfirmed')})
        </>
      ) : (
        t('user.none')
      ),
    ],
    [
      t('user.email'),
      account.email ? (
        <>
          <span dir="ltr">{account.email}</span> (
          {account.emailConfirmed ? t('user.confirmed') : t('user.notConfirmed')})
        </>
      ) : (
        t('user.none')
      ),
    ],
    [
      t('user.userName'),
      <span key="userName" dir="ltr">
        {account.userName}
      </span>,
    ],
    [
      t('user.timezone'),
      <span key="timezone" dir="ltr">
        {account.timezone}
      </span>,
    ],
    [
      t('user.roles'),
      account.roles.length
        ? account.roles.map((role) => tAdmin(`roles.${role}`, { defaultValue: role })).join(', ')
        : t('user.none'),
    ],
    [
      t('user.guideProfile'),
      account.guide ? (
        <LocalizedLink
          key="guide"
          to={`/admin/guides/${account.guide.id}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {tAdmin(`statuses.${account.guide.status}`, { defaultValue: account.guide.status })}
        </LocalizedLink>
      ) : (
        t('user.none')
      ),
    ],
    [t('user.warnings'), String(account.warningCount)],
  ];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-headline font-bold text-neutral-900">{name}</h1>
          <p className="mt-2 text-neutral-600">{t('users.joined', { date: when(account.createdAt) })}</p>
          {account.suspendedAt ? (
            <div
              className="mt-3 rounded-control border border-error-200 bg-error-50 p-3 text-sm text-error-800"
              data-testid="suspension"
            >
              <p className="font-semibold">{t('user.suspendedSince', { date: when(account.suspendedAt) })}</p>
              {account.suspensionReason ? (
                <p className="mt-1">{t('user.reason', { reason: account.suspensionReason })}</p>
              ) : null}
            </div>
          ) : null}
        </div>
        <SuspensionButton account={account} onSuspend={() => setSuspending(true)} />
      </header>

      <Section title={t('user.account')}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-semibold text-neutral-600">{label}</dt>
              <dd className="text-sm text-neutral-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('user.reservations')}>
        {account.reservations.length === 0 ? (
          none
        ) : (
          <ul className="divide-y divide-neutral-100">
            {account.reservations.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-semibold text-neutral-900">{when(booking.startsAt)}</span>
                <span className="text-neutral-700">
                  {booking.as === 'traveller' ? t('user.asTraveller') : t('user.asGuide')}
                  {booking.otherPartyName ? ` · ${t('user.with', { name: booking.otherPartyName })}` : null}
                </span>
                <span className="text-neutral-600">
                  {tReservations(`status.${booking.status}`, { defaultValue: booking.status })}
                </span>
                <span className="ms-auto text-neutral-900">{money(booking.totalMinor, booking.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        {(['reportsAgainst', 'reportsMade'] as const).map((list) => (
          <Section key={list} title={t(`user.${list}`)}>
            {account[list].length === 0 ? (
              none
            ) : (
              <ul className="divide-y divide-neutral-100">
                {account[list].map((report) => (
                  <li
                    key={`${report.itemId}-${report.createdAt}`}
                    className="flex flex-wrap gap-x-3 gap-y-1 py-2 text-sm"
                  >
                    <span className="font-semibold text-neutral-900">{t(`types.${report.targetType}`)}</span>
                    <span className="text-neutral-700">{t(`reasons.${report.reason}`)}</span>
                    <span className="text-neutral-600">{t(`statuses.${report.status}`)}</span>
                    <span className="ms-auto text-neutral-500">{when(report.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        ))}
      </div>

      <Section title={t('user.staffActions')}>
        {account.staffActions.length === 0 ? (
          none
        ) : (
          <ul className="divide-y divide-neutral-100">
            {account.staffActions.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-3 gap-y-1 py-2 text-sm">
                <span className="font-semibold text-neutral-900">
                  {tAdmin(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
                </span>
                {entry.actorName ? (
                  <span className="text-neutral-600">{t('user.by', { name: entry.actorName })}</span>
                ) : null}
                {entry.note ? <span className="text-neutral-700">“{entry.note}”</span> : null}
                <span className="ms-auto text-neutral-500">{when(entry.at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {suspending ? <SuspendDialog account={account} name={name} onClose={() => setSuspending(false)} /> : null}
    </div>
  );
}

function SuspensionButton({ account, onSuspend }: { account: StaffUserDetail; onSuspend: () => void }) {
  const { t } = useTranslation('moderation');
  const { t: tErrors } = useTranslation();
  const { toast } = useToast();
  const change = useSetSuspension(account.id);
  if (account.roles.length > 0 || account.isDeleted) return null;
  if (!account.suspendedAt) {
    return (
      <Button variant="delete" onClick={onSuspend} data-testid="suspend-user">
        {t('user.suspend')}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      loading={change.isPending}
      data-testid="reinstate-user"
      onClick={() =>
        change.mutate(
          { suspend: false },
          {
            onSuccess: () => toast({ title: t('user.reinstatedToast'), color: 'success' }),
            onError: (error) => {
              const { title, description } = describeError(error, tErrors);
              toast({ title, description, color: 'error' });
            },
          },
        )
      }
    >
      {t('user.reinstate')}
    </Button>
  );
}

function SuspendDialog({ account, name, onClose }: { account: StaffUserDetail; name: string; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const { t: tErrors } = useTranslation();
  const { toast } = useToast();
  const change = useSetSuspension(account.id);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (!reason) {
      setMissing(true);
      return;
    }
    change.mutate(
      { suspend: true, reason },
      {
        onSuccess: () => {
          toast({ title: t('user.suspendedToast'), color: 'success' });
          onClose();
        },
        onError: (error) => {
          const { title, description } = describeError(error, tErrors);
          toast({ title, description, color: 'error' });
        },
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('user.suspendTitle', { name })}
      description={t('user.suspendText')}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('user.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" loading={change.isPending}>
            {t('user.suspend')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={`${id}-reason`}>{t('user.reasonLabel')}</Label>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={1000}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
        />
        {missing ? <FieldError id={`${id}-missing`}>{t('user.reasonRequired')}</FieldError> : null}
      </form>
    </Dialog>
  );
}
