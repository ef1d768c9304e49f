import type { Dispute } from '@marco/contract/disputes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { PageShell } from '@/components/layouts/page-intro';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { useAddDisputePhoto, useDispute, usePostDisputeMessage } from '../api/disputes';
import { CaseMessages, CasePhotos, CaseReplyForm, CaseStatusPill, formatAt } from '../components/case-parts';

/** /disputes/:id: a case as the traveller or the guide of its reservation sees it. */
export function DisputePage() {
  const { t } = useTranslation('disputes');
  useDocumentTitle(t('case.title'));
  const { id = '' } = useParams();
  const query = useDispute(id);
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock rows={5} />;
  else if (query.isError) body = <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  else body = <PartyCase dispute={query.data} />;
  return (
    <PageShell className="max-w-3xl">
      <BackLink to="/reservations">{t('case.back')}</BackLink>
      <div className="mt-6" aria-live="polite" aria-busy={query.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function PartyCase({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const post = usePostDisputeMessage(dispute.id);
  const addPhoto = useAddDisputePhoto(dispute.id);
  const { reservation } = dispute;
  const tour = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: reservation.timezone,
  }).format(new Date(reservation.startsAt));
  return (
    <article className="flex flex-col gap-6">
      <header>
        <h1 className="text-headline font-bold text-neutral-900">{t(`reasons.${dispute.reason}`)}</h1>
        <p className="mt-2 text-sm text-neutral-700">
          {t('case.about', { traveller: reservation.traveller.name, guide: reservation.guide.name })} · {tour}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
          <CaseStatusPill status={dispute.status} />
          <span>
            {t(`case.openedBy.${dispute.openedBy}`)} ·{' '}
            <time dateTime={dispute.openedAt}>{formatAt(locale, dispute.openedAt)}</time>
          </span>
        </div>
      </header>

      {dispute.status === 'resolved' ? (
        <section className="rounded-card border border-emerald-200 bg-emerald-50 p-4" data-testid="case-outcome">
          <h2 className="text-base font-semibold text-neutral-900">
            {dispute.resolution ? t(`resolution.${dispute.resolution}`) : null}
            {dispute.amountMinor !== null ? ` · ${formatMoney(dispute.amountMinor, reservation.currency, locale)}` : ''}
          </h2>
          <p dir="auto" className="mt-2 whitespace-pre-wrap text-sm text-neutral-900">
            {dispute.outcome}
          </p>
        </section>
      ) : (
        <p className="rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          {t('case.openNote')}
        </p>
      )}

      <section className="rounded-card border border-neutral-200 bg-white p-5">
        <h2 className="text-base font-semibold text-neutral-900">{t('case.report')}</h2>
        <p dir="auto" className="mt-2 whitespace-pre-wrap text-sm text-neutral-900">
          {dispute.text}
        </p>
        <h3 className="mt-4 text-sm font-semibold text-neutral-900">{t('photos.title')}</h3>
        <div className="mt-2">
          <CasePhotos dispute={dispute} />
        </div>
        {dispute.canAddPhotos ? (
          <label className="mt-3 inline-flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('photos.add')}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm"
              disabled={addPhoto.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) addPhoto.mutate(file);
                event.target.value = '';
              }}
            />
          </label>
        ) : null}
      </section>

      <section className="flex flex-col gap-4 rounded-card border border-neutral-200 bg-neutral-50 p-5">
        <h2 className="text-base font-semibold text-neutral-900">{t('messages.title')}</h2>
        <CaseMessages dispute={dispute} />
        {dispute.status === 'open' ? (
          <CaseReplyForm
            send={(text, done) => post.mutate(text, { onSuccess: done })}
            isPending={post.isPending}
            error={post.error}
          />
        ) : null}
      </section>
    </article>
  );
}
