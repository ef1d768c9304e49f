import {
  DISPUTE_RESOLUTIONS,
  type DisputeResolution,
  type ResolveDispute,
  type StaffDisputeDetail,
} from '@marco/contract/disputes';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { StaffBackLink, StaffSection } from '@/features/admin/components/staff-section';
import { useHasStaffRole } from '@/features/admin/hooks/use-is-staff';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useFeedback } from '@/features/guides/hooks/use-feedback';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { useResolveDispute, useStaffDispute, useStaffDisputeMessage } from '../api/disputes';
import { CaseMessages, CasePhotos, CaseReplyForm, CaseStatusPill, formatAt } from '../components/case-parts';

/** /staff/disputes/:id: the case, its reservation, the parties' conversation while open, and the resolve form. */
export function StaffDisputePage() {
  return (
    <StaffOnly staffRole={useHasStaffRole('finance') ? 'finance' : 'support'}>
      <StaffCase />
    </StaffOnly>
  );
}

function StaffCase() {
  const { t } = useTranslation('disputes');
  useDocumentTitle(t('case.title'));
  const { id = '' } = useParams();
  const query = useStaffDispute(id);
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={8} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else body = <CaseDetail detail={query.data} />;
  return (
    <PageShell>
      <StaffBackLink to="/staff/disputes">{t('queue.back')}</StaffBackLink>
      <div className="mt-4" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function CaseDetail({ detail }: { detail: StaffDisputeDetail }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const isSupport = useHasStaffRole('support');
  const message = useStaffDisputeMessage(detail.id);
  const { reservation } = detail;
  const money = (minor: number) => formatMoney(minor, reservation.currency, locale);
  const tour = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: reservation.timezone,
  }).format(new Date(reservation.startsAt));
  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t(`reasons.${detail.reason}`)}
        intro={t('case.about', { traveller: reservation.traveller.name, guide: reservation.guide.name })}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
        <CaseStatusPill status={detail.status} />
        <span>
          {t(`case.openedBy.${detail.openedBy}`)} ·{' '}
          <time dateTime={detail.openedAt}>{formatAt(locale, detail.openedAt)}</time>
        </span>
      </div>

      {detail.status === 'resolved' ? (
        <section className="rounded-card border border-emerald-200 bg-emerald-50 p-4" data-testid="case-outcome">
          <h2 className="text-base font-semibold text-neutral-900">
            {detail.resolution ? t(`resolution.${detail.resolution}`) : null}
            {detail.amountMinor !== null ? ` · ${money(detail.amountMinor)}` : ''}
          </h2>
          <p dir="auto" className="mt-2 whitespace-pre-wrap text-sm text-neutral-900">
            {detail.outcome}
          </p>
          {detail.resolvedBy && detail.resolvedAt ? (
            <p className="mt-2 text-xs text-neutral-600">
              <bdi>{detail.resolvedBy.name}</bdi> ·{' '}
              <time dateTime={detail.resolvedAt}>{formatAt(locale, detail.resolvedAt)}</time>
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <StaffSection title={t('staff.reservation')}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-neutral-500">{t('role.tourist')}</dt>
            <dd>
              <bdi>{reservation.traveller.name}</bdi>
            </dd>
            <dt className="text-neutral-500">{t('role.guide')}</dt>
            <dd>
              <bdi>{reservation.guide.name}</bdi>
            </dd>
            <dt className="text-neutral-500">{t('staff.tour')}</dt>
            <dd>{tour}</dd>
            <dt className="text-neutral-500">{t('staff.total')}</dt>
            <dd>
              {money(reservation.totalMinor)}
              {detail.refundedMinor > 0 ? ` · ${t('staff.refunded', { amount: money(detail.refundedMinor) })}` : ''}
            </dd>
          </dl>
          <LocalizedLink
            to={`/staff/desk/${reservation.id}`}
            className="mt-3 inline-block text-brand-700 hover:underline"
          >
            {t('staff.openOnDesk')}
          </LocalizedLink>
        </StaffSection>

        <StaffSection title={t('case.report')}>
          <p dir="auto" className="whitespace-pre-wrap text-neutral-900">
            {detail.text}
          </p>
          <h3 className="mt-4 font-semibold text-neutral-900">{t('photos.title')}</h3>
          <div className="mt-2">
            <CasePhotos dispute={detail} />
          </div>
        </StaffSection>

        <StaffSection title={t('messages.title')}>
          <div className="flex flex-col gap-4">
            <CaseMessages dispute={detail} />
            {detail.status === 'open' && isSupport ? (
              <CaseReplyForm
                send={(text, done) => message.mutate(text, { onSuccess: done })}
                isPending={message.isPending}
                error={message.error}
              />
            ) : null}
          </div>
        </StaffSection>

        <StaffSection title={t('staff.conversation')}>
          {!detail.conversationOpen ? (
            <p className="text-neutral-600">{t('staff.conversationClosed')}</p>
          ) : detail.conversation.length === 0 ? (
            <p className="text-neutral-600">{t('staff.conversationEmpty')}</p>
          ) : (
            <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto" data-testid="party-conversation">
              {detail.conversation.map((line) => (
                <li key={line.id} className="rounded-control bg-neutral-50 p-2">
                  <p className="text-xs text-neutral-600">
                    <bdi className="font-semibold text-neutral-900">{line.senderName}</bdi> ·{' '}
                    <time dateTime={line.createdAt}>{formatAt(locale, line.createdAt)}</time>
                  </p>
                  <p dir="auto" className="whitespace-pre-wrap break-words text-neutral-900">
                    {line.text}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </StaffSection>
      </div>

      {detail.status === 'open' ? <ResolveForm detail={detail} /> : null}
    </div>
  );
}

const NEEDS_AMOUNT = new Set<DisputeResolution>(['partial_refund', 'guide_penalty']);

function ResolveForm({ detail }: { detail: StaffDisputeDetail }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const id = useId();
  const resolve = useResolveDispute(detail.id);
  const { describe } = useFeedback();
  const [resolution, setResolution] = useState<DisputeResolution>('no_action');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState('');
  const money = (minor: number) => formatMoney(minor, detail.reservation.currency, locale);
  const minor = Math.round(Number(amount.replace(',', '.')) * 100);
  const needsAmount = NEEDS_AMOUNT.has(resolution);
  const amountValid =
    !needsAmount ||
    (Number.isFinite(minor) && minor > 0 && (resolution !== 'partial_refund' || minor <= detail.refundableMinor));
  const available = (value: DisputeResolution) =>
    !(value === 'partial_refund' || value === 'full_refund') || detail.refundableMinor > 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!amountValid) return;
    const body: ResolveDispute =
      resolution === 'partial_refund' || resolution === 'guide_penalty'
        ? { resolution, amountMinor: minor, outcome }
        : { resolution, outcome };
    resolve.mutate(body);
  };
  return (
    <section className="rounded-card border border-neutral-200 bg-white p-5">
      <h2 className="text-base font-semibold text-neutral-900">{t('resolve.title')}</h2>
      <p className="mt-1 text-sm text-neutral-600">
        {t('resolve.refundable', { amount: money(detail.refundableMinor) })}{' '}
        {t('resolve.limit', { amount: money(detail.supportRefundLimitMinor) })}
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('resolve.decision')}</legend>
          {DISPUTE_RESOLUTIONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="resolution"
                value={value}
                checked={resolution === value}
                disabled={!available(value)}
                onChange={() => setResolution(value)}
              />
              {t(`resolution.${value}`)}
            </label>
          ))}
        </fieldset>
        {needsAmount ? (
          <div className="flex max-w-xs flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>{t('resolve.amount', { currency: detail.reservation.currency })}</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={amount !== '' && !amountValid}
              required
            />
          </div>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-outcome`}>{t('resolve.outcome')}</Label>
          <Textarea
            id={`${id}-outcome`}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value)}
            required
            minLength={10}
            maxLength={2000}
            rows={3}
          />
          <p className="text-xs text-neutral-600">{t('resolve.outcomeHint')}</p>
        </div>
        {resolve.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describe(resolve.error).title}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" loading={resolve.isPending} disabled={!amountValid}>
            {t('resolve.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
