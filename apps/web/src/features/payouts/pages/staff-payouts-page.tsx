import type { PayoutBatch, PayoutBatchSummary, StaffPayout } from '@marco/contract/payouts';
import { CURRENCY_CODES, type CurrencyCode } from '@marco/contract/reference';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { StaffOnly } from '@/features/admin/components/staff-only';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney } from '@/lib/currency';
import { describeError } from '@/lib/describe-error';
import {
  useExportPayoutBatch,
  useMarkPayoutBatchSent,
  useMarkPayoutReturned,
  usePayoutBatch,
  usePayoutBatches,
  useRemovePayout,
  useStartPayoutRun,
  useUnverifiedBankAccounts,
  useVerifyBankAccount,
} from '../api/staff-payouts';
import { PayoutStatusBadge } from '../components/payout-status-badge';

/** /staff/payouts: finance runs payouts, reviews a batch, downloads its bank file, marks it sent or a payout returned. */
export function StaffPayoutsPage() {
  return (
    <StaffOnly staffRole="finance">
      <Payouts />
    </StaffOnly>
  );
}

const useWhen = () => {
  const locale = useLocale();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};

/** Finance's error toasts, with the catalogue title and the server's reason when it names one. */
function useFailure() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return (error: unknown) => toast({ color: 'error', ...describeError(error, t) });
}

function Payouts() {
  const { t } = useTranslation('payouts');
  useDocumentTitle(t('staff.title'));
  const [params, setParams] = useSearchParams();
  const selected = params.get('batch');
  const select = (batchId: string | null) => setParams(batchId ? { batch: batchId } : {});
  return (
    <PageShell>
      <PageIntro title={t('staff.title')} intro={t('staff.intro')} />
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <RunCard onMade={(batchId) => select(batchId)} />
        <BankAccounts />
      </div>
      <Batches selected={selected} onSelect={select} />
      {selected ? <BatchDetail batchId={selected} /> : null}
    </PageShell>
  );
}

function Card({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card">
      <h2 id={id} className="text-lg font-bold text-neutral-900">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-sm leading-relaxed text-neutral-600">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function RunCard({ onMade }: { onMade: (batchId: string) => void }) {
  const { t } = useTranslation('payouts');
  const { toast } = useToast();
  const failure = useFailure();
  const run = useStartPayoutRun();
  const id = useId();
  const [currency, setCurrency] = useState<CurrencyCode | ''>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate(currency ? { currency } : {}, {
      onSuccess: ({ batches }) => {
        toast({
          color: batches.length ? 'success' : 'info',
          title: batches.length ? t('staff.run.made', { count: batches.length }) : t('staff.run.nothing'),
          timeout: 4000,
        });
        if (batches[0]) onMade(batches[0].id);
      },
      onError: failure,
    });
  };
  return (
    <Card title={t('staff.run.title')} intro={t('staff.run.intro')}>
      <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="sm:flex-1">
          <Label htmlFor={`${id}-currency`}>{t('staff.run.currency')}</Label>
          <Select
            id={`${id}-currency`}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as CurrencyCode | '')}
          >
            <option value="">{t('staff.run.allCurrencies')}</option>
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={run.isPending}>
          {t('staff.run.start')}
        </Button>
      </form>
    </Card>
  );
}

function BankAccounts() {
  const { t } = useTranslation('payouts');
  const { toast } = useToast();
  const failure = useFailure();
  const accounts = useUnverifiedBankAccounts();
  const verify = useVerifyBankAccount();
  let body: ReactNode;
  if (accounts.isPending) body = <LoadingBlock rows={2} />;
  else if (accounts.isError) body = <ErrorBlock error={accounts.error} onRetry={() => void accounts.refetch()} />;
  else if (accounts.data.data.length === 0) body = <p className="text-sm text-neutral-600">{t('staff.bank.empty')}</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-neutral-100">
        {accounts.data.data.map((account) => (
          <li key={account.guideUserId} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold text-neutral-900">
                {account.guideName || account.holderName} · {account.bankName}
              </p>
              <p className="mt-1 break-all font-mono text-neutral-700">
                <bdi dir="ltr">
                  {account.iban} · {account.swift}
                </bdi>
              </p>
              <p className="mt-1 text-neutral-600">{t('staff.bank.holder', { name: account.holderName })}</p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={verify.isPending}
              onClick={() =>
                verify.mutate(account.guideUserId, {
                  onSuccess: () => toast({ color: 'success', title: t('staff.bank.verified'), timeout: 4000 }),
                  onError: failure,
                })
              }
            >
              {t('staff.bank.verify')}
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <Card title={t('staff.bank.title')} intro={t('staff.bank.intro')}>
      {body}
    </Card>
  );
}

function Batches({ selected, onSelect }: { selected: string | null; onSelect: (batchId: string) => void }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const when = useWhen();
  const batches = usePayoutBatches();
  const id = useId();
  let body: ReactNode;
  if (batches.isPending) body = <LoadingBlock rows={3} />;
  else if (batches.isError) body = <ErrorBlock error={batches.error} onRetry={() => void batches.refetch()} />;
  else if (batches.data.data.length === 0)
    body = (
      <EmptyBlock title={t('staff.batches.empty')}>
        <p>{t('staff.batches.emptyHint')}</p>
      </EmptyBlock>
    );
  else
    body = (
      <ul className="flex flex-col gap-3">
        {batches.data.data.map((batch: PayoutBatchSummary) => (
          <li key={batch.id}>
            <button
              type="button"
              onClick={() => onSelect(batch.id)}
              aria-current={batch.id === selected ? 'true' : undefined}
              className="flex w-full flex-wrap items-center justify-between gap-3 rounded-card border border-neutral-200 bg-surface p-4 text-start shadow-card transition-colors hover:border-brand-300 aria-[current=true]:border-brand-500"
              data-testid="payout-batch"
            >
              <span className="flex flex-col">
                <span className="font-semibold text-neutral-900">
                  {t('staff.batches.label', { currency: batch.currency, count: batch.payoutCount })}
                </span>
                <span className="text-sm text-neutral-600">
                  {when(batch.createdAt)} ·{' '}
                  {batch.createdBy ? t('staff.batches.byFinance') : t('staff.batches.scheduled')}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-bold tabular-nums text-neutral-900">
                  <bdi>{formatMoney(batch.totalMinor, batch.currency, locale)}</bdi>
                </span>
                <PayoutStatusBadge status={batch.status} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-xl font-bold text-neutral-900">
        {t('staff.batches.title')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

/** Saves the bank file the server answered under a name that tells its date and currency. */
function download(batch: PayoutBatch, body: string) {
  const isXml = batch.currency === 'EUR';
  const blob = new Blob([body], { type: isXml ? 'application/xml' : 'text/csv' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `marco-payouts-${batch.createdAt.slice(0, 10)}-${batch.currency}.${isXml ? 'xml' : 'csv'}`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, Chromium may cancel the download it has not started reading yet (FileSaver.js waits 40 s).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

function BatchDetail({ batchId }: { batchId: string }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const { toast } = useToast();
  const failure = useFailure();
  const batch = usePayoutBatch(batchId);
  const exportFile = useExportPayoutBatch();
  const markSent = useMarkPayoutBatchSent();
  const [confirmSent, setConfirmSent] = useState(false);
  const id = useId();
  if (batch.isPending) return <LoadingBlock rows={4} />;
  if (batch.isError) return <ErrorBlock error={batch.error} onRetry={() => void batch.refetch()} />;
  const data = batch.data;
  const canExport = data.status === 'review' || data.status === 'exported';
  return (
    <section aria-labelledby={id} className="mt-10 rounded-card border border-neutral-200 bg-surface p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-neutral-900">
          {t('staff.batch.title', { currency: data.currency })}{' '}
          <bdi className="tabular-nums">{formatMoney(data.totalMinor, data.currency, locale)}</bdi>
        </h2>
        <PayoutStatusBadge status={data.status} />
      </div>
      <p className="mt-2 text-sm text-neutral-600">{t(`staff.batch.hint.${data.status}`)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {canExport ? (
          <Button
            disabled={exportFile.isPending}
            onClick={() =>
              exportFile.mutate(batchId, {
                onSuccess: (body) => {
                  download(data, body);
                  toast({ color: 'success', title: t('staff.batch.exported'), timeout: 4000 });
                },
                onError: failure,
              })
            }
          >
            {data.currency === 'EUR' ? t('staff.batch.exportXml') : t('staff.batch.exportCsv')}
          </Button>
        ) : null}
        {data.status === 'exported' ? (
          <Button variant="outline" onClick={() => setConfirmSent(true)}>
            {t('staff.batch.markSent')}
          </Button>
        ) : null}
      </div>
      <BatchPayouts batch={data} />
      <Dialog
        open={confirmSent}
        onClose={() => setConfirmSent(false)}
        title={t('staff.batch.confirmSentTitle')}
        description={t('staff.batch.confirmSentText', {
          count: data.payoutCount,
          total: formatMoney(data.totalMinor, data.currency, locale),
        })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmSent(false)}>
              {t('staff.cancel')}
            </Button>
            <Button
              disabled={markSent.isPending}
              onClick={() =>
                markSent.mutate(batchId, {
                  onSuccess: () => {
                    setConfirmSent(false);
                    toast({ color: 'success', title: t('staff.batch.sent'), timeout: 4000 });
                  },
                  onError: failure,
                })
              }
            >
              {t('staff.batch.markSent')}
            </Button>
          </>
        }
      />
    </section>
  );
}

function BatchPayouts({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation('payouts');
  if (batch.payouts.length === 0) return <p className="mt-6 text-sm text-neutral-600">{t('staff.batch.empty')}</p>;
  return (
    <ul className="mt-6 flex flex-col divide-y divide-neutral-100">
      {batch.payouts.map((payout) => (
        <PayoutRow key={payout.id} payout={payout} batch={batch} />
      ))}
    </ul>
  );
}

function PayoutRow({ payout, batch }: { payout: StaffPayout; batch: PayoutBatch }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const { toast } = useToast();
  const failure = useFailure();
  const remove = useRemovePayout();
  const markReturned = useMarkPayoutReturned();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const id = useId();
  const canRemove = payout.status === 'pending' && (batch.status === 'review' || batch.status === 'exported');
  const submitReturn = () => {
    if (!reason.trim()) {
      setReasonError(t('staff.payout.reasonRequired'));
      return;
    }
    markReturned.mutate(
      { payoutId: payout.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setReturning(false);
          toast({ color: 'success', title: t('staff.payout.returnedDone'), timeout: 4000 });
        },
        onError: failure,
      },
    );
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4 text-sm" data-testid="staff-payout">
      <div className="min-w-0">
        <p className="font-semibold text-neutral-900">{payout.guideName || payout.holderName}</p>
        <p className="mt-1 break-all font-mono text-neutral-700">
          <bdi dir="ltr">
            {payout.iban} · {payout.swift}
          </bdi>
        </p>
        <p className="mt-1 text-neutral-600">{t('staff.bank.holder', { name: payout.holderName })}</p>
        {payout.isHeld && payout.status === 'pending' ? (
          <p className="mt-1 font-semibold text-error-700">{t('staff.payout.held')}</p>
        ) : null}
        {payout.returnReason ? (
          <p className="mt-1 text-neutral-600">{t('staff.payout.returnReason', { reason: payout.returnReason })}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-bold tabular-nums text-neutral-900">
          <bdi>{formatMoney(payout.amountMinor, batch.currency, locale)}</bdi>
        </span>
        <PayoutStatusBadge status={payout.status} />
        {canRemove ? (
          <Button
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(payout.id, {
                onSuccess: () => toast({ color: 'success', title: t('staff.payout.removed'), timeout: 4000 }),
                onError: failure,
              })
            }
          >
            {t('staff.payout.remove')}
          </Button>
        ) : null}
        {payout.status === 'sent' ? (
          <Button size="sm" variant="outline" onClick={() => setReturning(true)}>
            {t('staff.payout.markReturned')}
          </Button>
        ) : null}
      </div>
      <Dialog
        open={returning}
        onClose={() => setReturning(false)}
        title={t('staff.payout.returnTitle')}
        description={t('staff.payout.returnText')}
        footer={
          <>
            <Button variant="outline" onClick={() => setReturning(false)}>
              {t('staff.cancel')}
            </Button>
            <Button disabled={markReturned.isPending} onClick={submitReturn}>
              {t('staff.payout.markReturned')}
            </Button>
          </>
        }
      >
        <Label htmlFor={`${id}-reason`}>{t('staff.payout.reason')}</Label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError('');
          }}
        />
        {reasonError ? <FieldError>{reasonError}</FieldError> : null}
      </Dialog>
    </li>
  );
}
