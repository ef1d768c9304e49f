import type { DeskReservationDetail } from '@marco/contract/desk';
import { hasStaffRole } from '@marco/contract/staff';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSecondFactorStatus } from '@/features/admin/api/second-factor';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { StaffBackLink, StaffSection } from '@/features/admin/components/staff-section';
import { useHasStaffRole } from '@/features/admin/hooks/use-is-staff';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useFeedback } from '@/features/guides/hooks/use-feedback';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { useCancelReservation, useDeskReservation, useRefundReservation } from '../api/desk';
import { PaymentPill, StatusPill } from './staff-desk-page';

/** /staff/desk/:id: one reservation's whole story, with the cancel and refund actions. */
export function StaffDeskReservationPage() {
  return (
    // Finance comes here to make refunds above the support limit.
    <StaffOnly staffRole={useHasStaffRole('finance') ? 'finance' : 'support'}>
      <ReservationStory />
    </StaffOnly>
  );
}

function ReservationStory() {
  const { t } = useTranslation('desk');
  useDocumentTitle(t('story.title'));
  const { id = '' } = useParams();
  const query = useDeskReservation(id);
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={8} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else body = <Story story={query.data} />;
  return (
    <PageShell>
      <StaffBackLink to="/staff/desk">{t('story.back')}</StaffBackLink>
      <div className="mt-4" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function Story({ story }: { story: DeskReservationDetail }) {
  const { t } = useTranslation('desk');
  const locale = useLocale();
  const { reservation } = story;
  const [dialog, setDialog] = useState<'cancel' | 'refund' | null>(null);
  const at = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const money = (minor: number) => formatMoney(minor, reservation.currency, locale);
  const tourStart = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: reservation.timezone,
  }).format(new Date(reservation.startsAt));

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t('story.heading', { traveller: reservation.traveller.name, guide: reservation.guide.name })}
        intro={tourStart}
        actions={
          <div className="flex flex-wrap gap-2">
            {story.canCancel ? (
              <Button variant="outline" onClick={() => setDialog('cancel')}>
                {t('cancel.open')}
              </Button>
            ) : null}
            {story.refundableMinor > 0 ? <Button onClick={() => setDialog('refund')}>{t('refund.open')}</Button> : null}
          </div>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <StatusPill status={reservation.status} />
        <PaymentPill state={reservation.paymentState} />
        <span className="text-sm text-neutral-700">
          {money(reservation.totalMinor)}
          {reservation.refundedMinor > 0 ? ` · ${t('refunded', { amount: money(reservation.refundedMinor) })}` : ''}
        </span>
        <span className="font-mono text-xs text-neutral-500" dir="ltr">
          {reservation.id}
        </span>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection title={t('story.parties')}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-neutral-500">{t('columns.traveller')}</dt>
            <dd>
              <bdi>{reservation.traveller.name}</bdi>{' '}
              <span dir="ltr" className="text-neutral-500">
                {reservation.traveller.phoneNumber ?? ''}
              </span>
            </dd>
            <dt className="text-neutral-500">{t('columns.guide')}</dt>
            <dd>
              <bdi>{reservation.guide.name}</bdi>{' '}
              <span dir="ltr" className="text-neutral-500">
                {reservation.guide.phoneNumber ?? ''}
              </span>
            </dd>
            <dt className="text-neutral-500">{t('story.contactPhone')}</dt>
            <dd>
              <span dir="ltr">{reservation.contactPhone}</span>
            </dd>
            <dt className="text-neutral-500">{t('story.meetingPoint')}</dt>
            <dd>
              <bdi>{reservation.meetingPoint}</bdi>
            </dd>
            <dt className="text-neutral-500">{t('story.messages')}</dt>
            <dd>{t('story.messageCount', { total: story.messageCount })}</dd>
          </dl>
        </StaffSection>

        <StaffSection title={t('story.timeline')}>
          <ol className="flex flex-col gap-3 border-s border-neutral-200 ps-4">
            {story.timeline.map((change) => (
              <li key={`${change.at}-${change.from}-${change.to}`}>
                <p className="font-medium text-neutral-900">
                  {change.from ? `${t(`status.${change.from}`)} → ` : ''}
                  {t(`status.${change.to}`)}
                </p>
                <p className="text-neutral-600">
                  <time dateTime={change.at}>{at(change.at)}</time> · {t(`actor.${change.actor.role}`)}
                  {change.actor.name ? (
                    <>
                      {' '}
                      (<bdi>{change.actor.name}</bdi>)
                    </>
                  ) : null}
                </p>
                {change.reason ? (
                  <p className="text-neutral-700">
                    <bdi>{change.reason}</bdi>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </StaffSection>

        <StaffSection title={t('story.money')}>
          {story.payments.length === 0 ? <p className="text-neutral-600">{t('story.noPayments')}</p> : null}
          <ul className="flex flex-col gap-3">
            {story.payments.map((payment) => (
              <li key={payment.id}>
                <p className="font-medium">
                  {t('story.payment', {
                    amount: money(payment.amountMinor),
                    status: t(`paymentStatus.${payment.status}`, { defaultValue: payment.status }),
                  })}
                </p>
                <p className="text-neutral-600">
                  {at(payment.paidAt ?? payment.createdAt)} · {payment.provider}{' '}
                  <span dir="ltr" className="break-all font-mono text-xs">
                    {payment.providerPaymentId ?? payment.providerSessionId}
                  </span>
                </p>
              </li>
            ))}
            {story.refunds.map((refund) => (
              <li key={refund.id}>
                <p className="font-medium">
                  {t('story.refund', { amount: money(refund.amountMinor) })} · {t(`cause.${refund.cause}`)}
                </p>
                <p className="text-neutral-600">
                  {at(refund.requestedAt)}
                  {refund.requestedBy?.name ? (
                    <>
                      {' '}
                      · <bdi>{refund.requestedBy.name}</bdi>
                    </>
                  ) : null}
                  {' · '}
                  {refund.providerRefundId ? (
                    <span dir="ltr" className="break-all font-mono text-xs">
                      {refund.providerRefundId}
                    </span>
                  ) : (
                    <span className="text-amber-800">{t('story.refundPending', { attempts: refund.attempts })}</span>
                  )}
                </p>
                {refund.reason ? (
                  <p className="text-neutral-700">
                    <bdi>{refund.reason}</bdi>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </StaffSection>

        <StaffSection title={t('story.events')}>
          {story.paymentEvents.length === 0 && story.notifications.length === 0 ? (
            <p className="text-neutral-600">{t('story.noEvents')}</p>
          ) : null}
          <ul className="flex flex-col gap-2">
            {story.paymentEvents.map((event) => (
              <li key={event.id}>
                <span dir="ltr" className="font-mono text-xs">
                  {event.type}
                </span>{' '}
                · <time dateTime={event.receivedAt}>{at(event.receivedAt)}</time>
              </li>
            ))}
            {story.notifications.map((notice) => (
              <li key={notice.id}>
                {t('story.notified', { recipient: t(`recipient.${notice.recipient}`) })}{' '}
                <span dir="ltr" className="font-mono text-xs">
                  {notice.kind}
                </span>{' '}
                · <time dateTime={notice.createdAt}>{at(notice.createdAt)}</time>
              </li>
            ))}
          </ul>
        </StaffSection>
      </div>

      <CancelDialog open={dialog === 'cancel'} onClose={() => setDialog(null)} reservationId={reservation.id} />
      <RefundDialog open={dialog === 'refund'} onClose={() => setDialog(null)} story={story} />
    </div>
  );
}

function CancelDialog({ open, onClose, reservationId }: { open: boolean; onClose: () => void; reservationId: string }) {
  const { t } = useTranslation('desk');
  const id = useId();
  const cancel = useCancelReservation(reservationId);
  const { describe } = useFeedback();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    cancel.mutate(
      {
        onBehalfOf: form.get('onBehalfOf') === 'guide' ? 'guide' : 'tourist',
        reason: String(form.get('reason') ?? ''),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('cancel.title')} description={t('cancel.description')}>
      <form id={`${id}-form`} onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('cancel.onBehalfOf')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="onBehalfOf" value="tourist" defaultChecked /> {t('cancel.tourist')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="onBehalfOf" value="guide" /> {t('cancel.guide')}
          </label>
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-reason`}>{t('reason')}</Label>
          <Textarea id={`${id}-reason`} name="reason" required minLength={3} maxLength={1000} rows={3} />
        </div>
        {cancel.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describe(cancel.error).title}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button type="submit" variant="destructive" disabled={cancel.isPending}>
            {t('cancel.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RefundDialog({ open, onClose, story }: { open: boolean; onClose: () => void; story: DeskReservationDetail }) {
  const { t } = useTranslation('desk');
  const locale = useLocale();
  const id = useId();
  const refund = useRefundReservation(story.reservation.id);
  const status = useSecondFactorStatus(true);
  const isFinance = hasStaffRole(status.data?.roles ?? [], 'finance');
  const { describe } = useFeedback();
  const money = (minor: number) => formatMoney(minor, story.reservation.currency, locale);
  const [amount, setAmount] = useState('');
  const minor = Math.round(Number(amount.replace(',', '.')) * 100);
  const valid = Number.isFinite(minor) && minor > 0 && minor <= story.refundableMinor;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    refund.mutate(
      { amountMinor: minor, reason: String(form.get('reason') ?? '') },
      {
        onSuccess: () => {
          setAmount('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('refund.title')}
      description={t('refund.description', { amount: money(story.refundableMinor) })}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>{t('refund.amount', { currency: story.reservation.currency })}</Label>
          <Input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={amount !== '' && !valid}
            required
          />
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setAmount((story.refundableMinor / 100).toFixed(2))}
            >
              {t('refund.all')}
            </Button>
          </div>
          {!isFinance && minor > story.supportRefundLimitMinor ? (
            <p className="text-sm text-amber-800">
              {t('refund.needsFinance', { limit: money(story.supportRefundLimitMinor) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-reason`}>{t('reason')}</Label>
          <Textarea id={`${id}-reason`} name="reason" required minLength={3} maxLength={1000} rows={3} />
        </div>
        {refund.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describe(refund.error).title}: {describe(refund.error).description}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button type="submit" disabled={!valid || refund.isPending}>
            {valid ? t('refund.confirm', { amount: money(minor) }) : t('refund.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
