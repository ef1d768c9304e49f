import type { GuidePayouts, PayoutBalance } from '@marco/contract/payouts';
import { Landmark } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { sectionPath } from '@/features/guides/components/settings-sections';
import { ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/currency';
import { useGuidePayouts } from '../api/guide-payouts';
import { PayoutStatusBadge } from './payout-status-badge';

const FIGURES = ['availableMinor', 'heldMinor', 'pendingMinor', 'paidMinor'] as const;

/** The guide's money on the dashboard: available, held, in a payout and paid per currency, the bank account and the payouts. */
export function GuidePayoutsPanel() {
  const { t } = useTranslation('payouts');
  const payouts = useGuidePayouts();
  const id = useId();
  let body: ReactNode;
  if (payouts.isPending) body = <LoadingBlock rows={3} />;
  else if (payouts.isError) body = <ErrorBlock error={payouts.error} onRetry={() => void payouts.refetch()} />;
  else body = <Payouts data={payouts.data} />;
  return (
    <section aria-labelledby={id} className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card">
      <h2 id={id} className="text-lg font-bold text-neutral-900">
        {t('guide.title')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function Payouts({ data }: { data: GuidePayouts }) {
  const { t } = useTranslation('payouts');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm leading-relaxed text-neutral-600">{t('guide.intro', { count: data.holdDays })}</p>
      {data.balances.length === 0 ? (
        <p className="text-sm text-neutral-700" data-testid="payout-balances-empty">
          {t('guide.noEarnings')}
        </p>
      ) : (
        data.balances.map((balance) => <Balance key={balance.currency} balance={balance} />)
      )}
      <BankAccount account={data.bankAccount} />
      <History payouts={data.payouts} />
    </div>
  );
}

function Balance({ balance }: { balance: PayoutBalance }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid={`payout-balance-${balance.currency}`}>
      {FIGURES.map((figure) => (
        <div
          key={figure}
          className={cn(
            'rounded-card border p-3',
            figure === 'availableMinor' ? 'border-brand-200 bg-brand-50' : 'border-neutral-200',
          )}
        >
          <dt className="text-xs font-semibold text-neutral-600">{t(`guide.figures.${figure}`)}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums text-neutral-900" data-testid={`payout-${figure}`}>
            <bdi>{formatMoney(balance[figure], balance.currency, locale)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BankAccount({ account }: { account: GuidePayouts['bankAccount'] }) {
  const { t } = useTranslation('payouts');
  return (
    <div className="flex flex-col gap-3 rounded-card border border-neutral-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Landmark aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        {account ? (
          <div className="text-sm">
            <p className="font-semibold text-neutral-900">
              {account.holderName} · {account.bankName}
            </p>
            <p className="mt-1 font-mono text-neutral-700">
              <bdi dir="ltr">{account.iban}</bdi>
            </p>
            <p
              className={cn('mt-1 font-semibold', account.verifiedAt ? 'text-success-700' : 'text-warning-700')}
              data-testid="bank-account-status"
            >
              {account.verifiedAt ? t('guide.bank.verified') : t('guide.bank.unverified')}
            </p>
          </div>
        ) : (
          <p className="text-sm text-neutral-700">{t('guide.bank.missing')}</p>
        )}
      </div>
      <ButtonLink to={sectionPath('payment')} variant="outline" size="sm" className="shrink-0">
        {account ? t('guide.bank.edit') : t('guide.bank.add')}
      </ButtonLink>
    </div>
  );
}

function History({ payouts }: { payouts: GuidePayouts['payouts'] }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  if (payouts.length === 0) return <p className="text-sm text-neutral-600">{t('guide.noPayouts')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="payout-history">
        <caption className="pb-2 text-start font-semibold text-neutral-900">{t('guide.history')}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-start text-xs text-neutral-600">
            <th scope="col" className="py-2 pe-3 text-start font-semibold">
              {t('columns.date')}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">
              {t('columns.amount')}
            </th>
            <th scope="col" className="hidden py-2 pe-3 text-start font-semibold sm:table-cell">
              {t('columns.account')}
            </th>
            <th scope="col" className="py-2 text-start font-semibold">
              {t('columns.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="border-b border-neutral-100">
              <td className="py-2 pe-3 text-neutral-700">{date(payout.sentAt ?? payout.createdAt)}</td>
              <td className="py-2 pe-3 text-end font-semibold tabular-nums text-neutral-900">
                <bdi>{formatMoney(payout.amountMinor, payout.currency, locale)}</bdi>
              </td>
              <td className="hidden py-2 pe-3 font-mono text-neutral-600 sm:table-cell">
                <bdi dir="ltr">{payout.iban}</bdi>
              </td>
              <td className="py-2">
                <PayoutStatusBadge status={payout.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
