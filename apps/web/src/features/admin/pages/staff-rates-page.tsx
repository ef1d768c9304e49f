import {
  type CsvRateProblem,
  type ExchangeRateChange,
  type ExchangeRates,
  parseExchangeRatesCsv,
  SETTABLE_RATE_CURRENCIES,
  type SettableRateCurrency,
  UnitsPerUsdSchema,
} from '@marco/contract/rates';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/use-toast';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/describe-error';
import { RATES_PAGE_SIZE, useExchangeRates, useImportExchangeRates, useSetExchangeRate } from '../api/exchange-rates';
import { StaffOnly } from '../components/staff-only';

/** /staff/rates: finance sees the rates in force, schedules and history, sets a rate or imports a CSV file. */
export function StaffRatesPage() {
  return (
    <StaffOnly staffRole="finance">
      <Rates />
    </StaffOnly>
  );
}

const useFormats = () => {
  const locale = useLocale();
  return {
    rate: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value),
    when: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  };
};

function Rates() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('rates.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rates = useExchangeRates(page);
  const goTo = (target: number) => setParams(target > 1 ? { page: String(target) } : {});

  let body: ReactNode;
  if (rates.isPending) body = <LoadingBlock rows={6} />;
  else if (rates.isError) body = <ErrorBlock error={rates.error} onRetry={() => void rates.refetch()} />;
  else
    body = (
      <>
        <CurrentRates rates={rates.data} />
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <SetRateForm />
          <ImportForm />
        </div>
        <Scheduled changes={rates.data.scheduled} />
        <History history={rates.data.history} page={page} onPage={goTo} />
      </>
    );
  return (
    <PageShell>
      <PageIntro title={t('rates.title')} intro={t('rates.intro')} />
      <div className="mt-10" aria-busy={rates.isFetching}>
        {body}
      </div>
    </PageShell>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-xl font-bold text-neutral-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function CurrentRates({ rates }: { rates: ExchangeRates }) {
  const { t } = useTranslation('staff');
  const format = useFormats();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-neutral-900">
        {t('rates.current')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {rates.current.map((rate) => (
          <li
            key={rate.currency}
            data-testid={`rate-${rate.currency}`}
            className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card"
          >
            <p className="text-sm font-semibold text-neutral-600">{t(`rates.currencies.${rate.currency}`)}</p>
            <p className="mt-2 text-2xl font-bold text-neutral-900">
              <bdi dir="ltr">
                1 USD = {format.rate(rate.unitsPerUsd)} {rate.currency}
              </bdi>
            </p>
            <p className="mt-2 text-sm text-neutral-600">
              {rate.currency === 'USD' ? t('rates.base') : t('rates.since', { date: format.when(rate.since) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Card({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card border border-neutral-200 bg-surface p-6 shadow-card">
      <h2 id={id} className="text-lg font-bold text-neutral-900">
        {title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-neutral-600">{intro}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function SetRateForm() {
  const { t } = useTranslation('staff');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const format = useFormats();
  const save = useSetExchangeRate();
  const id = useId();
  const [currency, setCurrency] = useState<SettableRateCurrency>('TRY');
  const [rate, setRate] = useState('');
  const [later, setLater] = useState(false);
  const [effectiveAt, setEffectiveAt] = useState('');
  const [errors, setErrors] = useState<{ rate?: string; effectiveAt?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = Number(rate.trim().replace(',', '.'));
    const next: typeof errors = {};
    if (!rate.trim() || !UnitsPerUsdSchema.safeParse(units).success) next.rate = t('rates.set.invalidRate');
    const when = later && effectiveAt ? new Date(effectiveAt) : null;
    if (later && (!when || Number.isNaN(when.getTime()))) next.effectiveAt = t('rates.set.invalidDate');
    setErrors(next);
    if (next.rate || next.effectiveAt) return;
    save.mutate(
      { currency, unitsPerUsd: units, ...(when ? { effectiveAt: when.toISOString() } : {}) },
      {
        onSuccess: () => {
          toast({
            color: 'success',
            title: when ? t('rates.set.scheduled', { date: format.when(when.toISOString()) }) : t('rates.set.saved'),
            timeout: 4000,
          });
          setRate('');
        },
        onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
      },
    );
  };

  return (
    <Card title={t('rates.set.title')} intro={t('rates.set.intro')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-currency`}>{t('rates.set.currency')}</Label>
            <Select
              id={`${id}-currency`}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as SettableRateCurrency)}
            >
              {SETTABLE_RATE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {t(`rates.currencies.${code}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-rate`}>{t('rates.set.rate', { currency })}</Label>
            <Input
              id={`${id}-rate`}
              dir="ltr"
              inputMode="decimal"
              autoComplete="off"
              value={rate}
              aria-invalid={errors.rate ? true : undefined}
              aria-describedby={`${id}-rate-hint`}
              onChange={(event) => setRate(event.target.value)}
            />
            {errors.rate ? (
              <FieldError id={`${id}-rate-hint`}>{errors.rate}</FieldError>
            ) : (
              <p id={`${id}-rate-hint`} className="mt-1 text-sm text-neutral-600">
                {t('rates.set.rateHint')}
              </p>
            )}
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-800">{t('rates.set.when')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                name={`${id}-when`}
                className="size-4 accent-brand-600"
                checked={!later}
                onChange={() => setLater(false)}
              />
              {t('rates.set.now')}
            </label>
            <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                name={`${id}-when`}
                className="size-4 accent-brand-600"
                checked={later}
                onChange={() => setLater(true)}
              />
              {t('rates.set.later')}
            </label>
          </div>
        </fieldset>
        {later ? (
          <div>
            <Label htmlFor={`${id}-at`}>{t('rates.set.effectiveAt')}</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={effectiveAt}
              aria-invalid={errors.effectiveAt ? true : undefined}
              onChange={(event) => setEffectiveAt(event.target.value)}
            />
            {errors.effectiveAt ? <FieldError>{errors.effectiveAt}</FieldError> : null}
          </div>
        ) : null}
        <Button type="submit" loading={save.isPending} className="self-start">
          {t('rates.set.submit')}
        </Button>
      </form>
    </Card>
  );
}

const problemsOf = (error: unknown): CsvRateProblem[] | null => {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return null;
  const lines = (error.details as { lines?: CsvRateProblem[] } | undefined)?.lines;
  return Array.isArray(lines) ? lines : null;
};

function ImportForm() {
  const { t } = useTranslation('staff');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const importRates = useImportExchangeRates();
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [problems, setProblems] = useState<CsvRateProblem[]>([]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblems([]);
    setFileName(file?.name ?? null);
    setCsv(file ? await file.text() : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (csv === null) return;
    // The same check as the server's, so a bad file is named line by line before it is sent.
    const parsed = parseExchangeRatesCsv(csv);
    if (!parsed.ok) {
      setProblems(parsed.problems);
      return;
    }
    importRates.mutate(csv, {
      onSuccess: ({ imported }) => {
        toast({ color: 'success', title: t('rates.import.done', { count: imported }), timeout: 4000 });
        setCsv(null);
        setFileName(null);
        setFileKey((key) => key + 1);
      },
      onError: (error) => {
        const lines = problemsOf(error);
        if (lines) setProblems(lines);
        else toast({ color: 'error', ...describeError(error, tDefault) });
      },
    });
  };

  return (
    <Card title={t('rates.import.title')} intro={t('rates.import.intro')}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <pre
          dir="ltr"
          className="overflow-x-auto rounded-lg bg-neutral-50 p-3 text-start font-mono text-xs text-neutral-800"
        >
          {'currency,units_per_usd,effective_at\nTRY,41.75,\nEUR,0.87,2026-12-01T00:00:00Z'}
        </pre>
        <div>
          <Label htmlFor={`${id}-file`}>{t('rates.import.file')}</Label>
          {/* The browser's own file button speaks the browser's language, not the page's: ours does. */}
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <input
              key={fileKey}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void choose(event)}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-file`}
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm' }),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500',
              )}
            >
              {t('rates.import.choose')}
            </label>
            <span className="min-w-0 break-all text-sm text-neutral-600">
              <bdi>{fileName ?? t('rates.import.noFile')}</bdi>
            </span>
          </div>
        </div>
        {problems.length ? (
          <div role="alert" className="rounded-card border border-error-200 bg-error-50 p-4 text-sm text-error-800">
            <p className="font-semibold">{t('rates.import.problems')}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {problems.map((problem) => (
                <li key={`${problem.line}-${problem.code}`}>
                  {t('rates.import.line', { line: problem.line })} {t(`rates.import.problem.${problem.code}`)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Button
          type="submit"
          variant="outline"
          disabled={csv === null}
          loading={importRates.isPending}
          className="self-start"
        >
          {t('rates.import.submit')}
        </Button>
      </form>
    </Card>
  );
}

function ChangeRow({ change }: { change: ExchangeRateChange }) {
  const { t } = useTranslation('staff');
  const format = useFormats();
  return (
    <li className="grid gap-1 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4">
      <p className="font-semibold text-neutral-900">
        <bdi dir="ltr">
          1 USD = {format.rate(change.unitsPerUsd)} {change.currency}
        </bdi>
      </p>
      <p className="text-sm text-neutral-700">
        <time dateTime={change.effectiveAt}>{format.when(change.effectiveAt)}</time>
      </p>
      <p className="text-sm text-neutral-600">
        <bdi>{change.createdBy.name ?? t('rates.unnamed')}</bdi> · {t(`rates.sources.${change.source}`)}
      </p>
    </li>
  );
}

function Scheduled({ changes }: { changes: ExchangeRateChange[] }) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('rates.scheduled')}>
      {changes.length === 0 ? (
        <p className="text-neutral-600">{t('rates.scheduledEmpty')}</p>
      ) : (
        <ol className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
          {changes.map((change) => (
            <ChangeRow key={change.id} change={change} />
          ))}
        </ol>
      )}
    </Section>
  );
}

function History({
  history,
  page,
  onPage,
}: {
  history: ExchangeRates['history'];
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('staff');
  const pages = Math.max(1, Math.ceil(history.total / RATES_PAGE_SIZE));
  return (
    <Section title={t('rates.history')}>
      {history.data.length === 0 ? (
        <EmptyBlock title={t('rates.historyEmpty')} />
      ) : (
        <>
          <ol className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
            {history.data.map((change) => (
              <ChangeRow key={change.id} change={change} />
            ))}
          </ol>
          {pages > 1 ? (
            <div className="mt-6 flex items-center justify-between gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('rates.newer')}
              </Button>
              <span className="text-sm text-neutral-600">{t('rates.pageOf', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                {t('rates.older')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}
