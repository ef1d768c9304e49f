import { zodResolver } from '@hookform/resolvers/zod';
import type { BankInfo, MyGuide } from '@marco/contract/guides';
import { UpdateBankInfoSchema } from '@marco/contract/guides';
import type { CurrencyCode } from '@marco/contract/reference';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { CURRENCIES, currencyLabel, useCurrency } from '@/lib/currency';
import { useBankInfo } from '../../api/get-bank-info';
import { useUpdateBankInfo } from '../../api/update-bank-info';
import { useUpdateGuidePrice } from '../../api/update-guide-price';
import { useFeedback } from '../../hooks/use-feedback';
import { inputToMinor, minorToInput } from '../../utils/format';
import { translateValidation } from '../../utils/validation';
import { describedBy, Field } from '../field';
import { QueryState } from '../states';

/** The contract's bank rules (IBAN mod-97 and SWIFT/BIC) plus the hourly rate, counted with bank info. */
export const BankFormSchema = UpdateBankInfoSchema.extend({
  accountNumber: z.string().trim().max(40, 'tooLong'),
  hourlyRate: z.string().refine((value) => (inputToMinor(value) ?? 0) > 0, 'rateInvalid'),
  currency: z.enum(CURRENCIES),
});
type BankFormInput = z.input<typeof BankFormSchema>;
type BankFormOutput = z.output<typeof BankFormSchema>;

type BankFormProps = {
  guide: MyGuide | null;
  submitLabel: string;
  onSaved?: () => void;
  actions?: ReactNode;
};

/** Hourly rate and bank information (spec §2: one settings section, one become-a-guide step). */
export function BankForm(props: BankFormProps) {
  const query = useBankInfo();
  return <QueryState query={query}>{(bank) => <BankFields {...props} bank={bank} />}</QueryState>;
}

function BankFields({ guide, bank, submitLabel, onSaved, actions }: BankFormProps & { bank: BankInfo | null }) {
  const { t } = useTranslation('guides');
  const id = useId();
  const feedback = useFeedback();
  const [preferredCurrency] = useCurrency();
  const updatePrice = useUpdateGuidePrice();
  const updateBank = useUpdateBankInfo();
  const form = useForm<BankFormInput, unknown, BankFormOutput>({
    resolver: zodResolver(BankFormSchema),
    defaultValues: {
      hourlyRate: minorToInput(guide?.hourlyRateMinor),
      currency: (guide?.currency ?? preferredCurrency) as CurrencyCode,
      bankName: bank?.bankName ?? '',
      accountNumber: bank?.accountNumber ?? '',
      iban: bank?.iban ?? '',
      swift: bank?.swift ?? '',
      holderFirstName: bank?.holderFirstName ?? '',
      holderLastName: bank?.holderLastName ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await updatePrice.mutateAsync({
        hourlyRateMinor: inputToMinor(values.hourlyRate) ?? 0,
        currency: values.currency,
      });
      await updateBank.mutateAsync({
        bankName: values.bankName,
        accountNumber: values.accountNumber || null,
        iban: values.iban,
        swift: values.swift,
        holderFirstName: values.holderFirstName,
        holderLastName: values.holderLastName,
      });
      if (onSaved) onSaved();
      else feedback.saved();
    } catch (error) {
      feedback.failed(error);
    }
  });

  const text = (
    name: 'bankName' | 'accountNumber' | 'iban' | 'swift' | 'holderFirstName' | 'holderLastName',
    label: string,
    options: { hint?: string; optional?: boolean; autoComplete?: string; ltr?: boolean; className?: string } = {},
  ) => {
    const error = message(errors[name]?.message);
    return (
      <Field
        id={`${id}-${name}`}
        label={label}
        hint={options.hint}
        optional={options.optional ? t('form.optional') : undefined}
        error={error}
        className={options.className}
      >
        <Input
          id={`${id}-${name}`}
          dir={options.ltr ? 'ltr' : undefined}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-${name}`, { hint: options.hint, error })}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <section className="flex flex-col gap-4">
        <h3 className="font-semibold text-neutral-900">{t('bank.rateTitle')}</h3>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <Field
            id={`${id}-rate`}
            label={t('bank.hourlyRate')}
            hint={t('bank.hourlyRateHint')}
            error={message(errors.hourlyRate?.message)}
          >
            <Input
              id={`${id}-rate`}
              inputMode="decimal"
              dir="ltr"
              aria-invalid={Boolean(errors.hourlyRate)}
              aria-describedby={describedBy(`${id}-rate`, { hint: true, error: errors.hourlyRate?.message })}
              {...form.register('hourlyRate')}
            />
          </Field>
          <Field id={`${id}-currency`} label={t('bank.currency')}>
            <Select id={`${id}-currency`} {...form.register('currency')}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </section>
      <section className="flex flex-col gap-4">
        <h3 className="font-semibold text-neutral-900">{t('bank.bankTitle')}</h3>
        <p className="text-sm text-neutral-600">{t('bank.privacy')}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('holderFirstName', t('bank.holderFirstName'), { autoComplete: 'given-name' })}
          {text('holderLastName', t('bank.holderLastName'), { autoComplete: 'family-name' })}
          {text('bankName', t('bank.bankName'), { className: 'sm:col-span-2' })}
          {text('iban', t('bank.iban'), { hint: t('bank.ibanHint'), ltr: true, className: 'sm:col-span-2' })}
          {text('swift', t('bank.swift'), { hint: t('bank.swiftHint'), ltr: true })}
          {text('accountNumber', t('bank.accountNumber'), { optional: true, ltr: true })}
        </div>
      </section>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-5">
        {actions}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
