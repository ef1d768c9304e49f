import { zodResolver } from '@hookform/resolvers/zod';
import type { IdVerification } from '@marco/contract/guides';
import { type ReactNode, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useLocale } from '@/i18n/use-locale';
import { toIsoDate } from '@/lib/formatting';
import { useCountries } from '../../api/get-countries';
import { useIdVerification } from '../../api/get-id-verification';
import { useVerificationTypes } from '../../api/get-verification-types';
import { useUpdateIdVerification } from '../../api/update-id-verification';
import { useFeedback } from '../../hooks/use-feedback';
import { translateValidation } from '../../utils/validation';
import { DocumentsManager } from '../documents-manager';
import { describedBy, Field, FieldSet } from '../field';
import { QueryState } from '../states';

const IdVerificationFormSchema = z
  .object({
    verificationTypeKey: z.string().min(1, 'methodRequired'),
    issuingCountryId: z.string().min(1, 'countryRequired'),
    issueDate: z.string().min(1, 'issueDateRequired'),
    expiryDate: z.string(),
  })
  .superRefine((values, context) => {
    if (values.issueDate && values.issueDate > toIsoDate(new Date())) {
      context.addIssue({ code: 'custom', path: ['issueDate'], message: 'issueDateFuture' });
    }
    if (values.expiryDate && values.issueDate && values.expiryDate < values.issueDate) {
      context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'expiryBeforeIssue' });
    }
  });
type IdVerificationValues = z.infer<typeof IdVerificationFormSchema>;

type IdVerificationFormProps = {
  submitLabel: string;
  onSaved?: () => void;
  actions?: ReactNode;
  /** The become-a-guide step needs at least one document before it moves on. */
  requireDocument?: boolean;
};

/** spec §3: method (driver's license, passport or ID card), issuing country, date, document files. */
export function IdVerificationForm(props: IdVerificationFormProps) {
  const query = useIdVerification();
  return <QueryState query={query}>{(data) => <IdVerificationFields {...props} data={data} />}</QueryState>;
}

function IdVerificationFields({
  data,
  submitLabel,
  onSaved,
  actions,
  requireDocument = false,
}: IdVerificationFormProps & { data: IdVerification }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const update = useUpdateIdVerification();
  const types = useVerificationTypes();
  const countries = useCountries();
  const form = useForm<IdVerificationValues>({
    resolver: zodResolver(IdVerificationFormSchema),
    defaultValues: {
      verificationTypeKey: data.verificationType?.key ?? '',
      issuingCountryId: data.issuingCountry?.id ?? '',
      issueDate: data.issueDate ?? '',
      expiryDate: data.expiryDate ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);
  const today = toIsoDate(new Date());
  const sortedCountries = useMemo(
    () =>
      [...(countries.data ?? [])].sort((a, b) =>
        pickLocalizedName(a, locale).localeCompare(pickLocalizedName(b, locale), locale),
      ),
    [countries.data, locale],
  );
  const documentMissing = requireDocument && data.documents.length === 0;

  const submit = form.handleSubmit(async (values) => {
    if (documentMissing) {
      form.setError('root', { type: 'custom', message: 'documentRequired' });
      return;
    }
    try {
      await update.mutateAsync({
        verificationTypeKey: values.verificationTypeKey,
        issuingCountryId: values.issuingCountryId,
        issueDate: values.issueDate,
        expiryDate: values.expiryDate || null,
      });
      form.reset(values);
      if (onSaved) onSaved();
      else feedback.saved();
    } catch (error) {
      feedback.failed(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <FieldSet legend={t('identity.method')} error={message(errors.verificationTypeKey?.message)}>
        {types.isPending ? (
          <p className="text-sm text-neutral-500">{t('state.loading')}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-3">
            {(types.data ?? []).map((type) => (
              <label
                key={type.key}
                className="flex cursor-pointer items-center gap-3 rounded-control border border-neutral-300 px-4 py-3 text-sm font-medium text-neutral-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
              >
                <input
                  type="radio"
                  value={type.key}
                  className="size-4 accent-brand-700"
                  {...form.register('verificationTypeKey')}
                />
                {pickLocalizedName(type, locale)}
              </label>
            ))}
          </div>
        )}
      </FieldSet>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          id={`${id}-country`}
          label={t('identity.issuingCountry')}
          error={message(errors.issuingCountryId?.message)}
        >
          <Select
            id={`${id}-country`}
            aria-invalid={Boolean(errors.issuingCountryId)}
            aria-describedby={describedBy(`${id}-country`, { error: errors.issuingCountryId?.message })}
            {...form.register('issuingCountryId')}
          >
            <option value="">{t('basicInfo.chooseCountry')}</option>
            {sortedCountries.map((country) => (
              <option key={country.id} value={country.id}>
                {pickLocalizedName(country, locale)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-issued`} label={t('identity.issueDate')} error={message(errors.issueDate?.message)}>
          <Input
            id={`${id}-issued`}
            type="date"
            max={today}
            aria-invalid={Boolean(errors.issueDate)}
            aria-describedby={describedBy(`${id}-issued`, { error: errors.issueDate?.message })}
            {...form.register('issueDate')}
          />
        </Field>
        <Field
          id={`${id}-expires`}
          label={t('identity.expiryDate')}
          optional={t('form.optional')}
          error={message(errors.expiryDate?.message)}
        >
          <Input id={`${id}-expires`} type="date" {...form.register('expiryDate')} />
        </Field>
      </div>
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold text-neutral-900">{t('identity.documents')}</h3>
        <p className="text-sm text-neutral-600">{t('identity.documentsHint')}</p>
        <DocumentsManager kind="identity" label={t('identity.documents')} />
        {errors.root && documentMissing ? (
          <p role="alert" className="text-sm text-error-700">
            {t('validation.documentRequired')}
          </p>
        ) : null}
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
