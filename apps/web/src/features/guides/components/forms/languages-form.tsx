import { zodResolver } from '@hookform/resolvers/zod';
import type { GuideLanguagesForEdit } from '@marco/contract/guides';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useLocale } from '@/i18n/use-locale';
import { useLanguagesForEdit } from '../../api/get-languages-for-edit';
import { useUpdateGuideLanguages } from '../../api/update-guide-languages';
import { useFeedback } from '../../hooks/use-feedback';
import { translateValidation } from '../../utils/validation';
import { FieldSet } from '../field';
import { QueryState } from '../states';

const LanguageRowSchema = z.object({
  key: z.string(),
  languageCode: z.string().min(1, 'languageRequired'),
  levelKey: z.string().min(1, 'levelRequired'),
});
const LanguagesFormSchema = z
  .object({ rows: z.array(LanguageRowSchema).min(1, 'languageRequired').max(20), primary: z.string() })
  .superRefine((values, context) => {
    const seen = new Set<string>();
    values.rows.forEach((row, index) => {
      if (row.languageCode && seen.has(row.languageCode)) {
        context.addIssue({ code: 'custom', path: ['rows', index, 'languageCode'], message: 'languageDuplicate' });
      }
      seen.add(row.languageCode);
    });
  });
type LanguagesFormValues = z.infer<typeof LanguagesFormSchema>;

type LanguagesFormProps = { submitLabel: string; onSaved?: () => void; actions?: ReactNode };

/** Languages with a level each; exactly one is the primary language (spec §3). */
export function LanguagesForm(props: LanguagesFormProps) {
  const query = useLanguagesForEdit();
  return <QueryState query={query}>{(data) => <LanguagesFields {...props} data={data} />}</QueryState>;
}

let rowKey = 0;
const newRowKey = () => {
  rowKey += 1;
  return `row-${rowKey}`;
};

function LanguagesFields({
  data,
  submitLabel,
  onSaved,
  actions,
}: LanguagesFormProps & { data: GuideLanguagesForEdit }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const update = useUpdateGuideLanguages();
  const initialRows = data.data.map((language) => ({
    key: newRowKey(),
    languageCode: language.code,
    levelKey: language.levelKey,
  }));
  const primaryIndex = Math.max(
    0,
    data.data.findIndex((language) => language.isPrimary),
  );
  const rows = initialRows.length > 0 ? initialRows : [{ key: newRowKey(), languageCode: '', levelKey: '' }];
  const form = useForm<LanguagesFormValues>({
    resolver: zodResolver(LanguagesFormSchema),
    defaultValues: { rows, primary: rows[primaryIndex]?.key ?? rows[0]?.key ?? '' },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rows', keyName: 'fieldId' });
  const { errors, isSubmitting } = form.formState;
  const primary = form.watch('primary');
  const levels = [...data.levels].sort((a, b) => b.rank - a.rank);
  const languages = [...data.languages].sort((a, b) =>
    pickLocalizedName(a, locale).localeCompare(pickLocalizedName(b, locale), locale),
  );
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        languages: values.rows.map((row) => ({
          languageCode: row.languageCode,
          levelKey: row.levelKey,
          isPrimary: row.key === values.primary,
        })),
      });
      form.reset(form.getValues());
      if (onSaved) onSaved();
      else feedback.saved();
    } catch (error) {
      feedback.failed(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FieldSet legend={t('languages.legend')} hint={t('languages.hint')} error={message(errors.rows?.message)}>
        <ul className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const rowErrors = errors.rows?.[index];
            const key = field.key;
            const isPrimary = primary === key;
            return (
              <li
                key={field.fieldId}
                className="grid gap-3 rounded-card border border-neutral-200 p-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start"
              >
                <div>
                  <label htmlFor={`${id}-${index}-language`} className="sr-only">
                    {t('languages.language', { number: index + 1 })}
                  </label>
                  <Select
                    id={`${id}-${index}-language`}
                    aria-invalid={Boolean(rowErrors?.languageCode)}
                    {...form.register(`rows.${index}.languageCode`)}
                  >
                    <option value="">{t('languages.chooseLanguage')}</option>
                    {languages.map((language) => (
                      <option key={language.code} value={language.code}>
                        {pickLocalizedName(language, locale)}
                      </option>
                    ))}
                  </Select>
                  {rowErrors?.languageCode ? (
                    <p className="mt-1.5 text-sm text-error-700">{message(rowErrors.languageCode.message)}</p>
                  ) : null}
                </div>
                <div>
                  <label htmlFor={`${id}-${index}-level`} className="sr-only">
                    {t('languages.level', { number: index + 1 })}
                  </label>
                  <Select
                    id={`${id}-${index}-level`}
                    aria-invalid={Boolean(rowErrors?.levelKey)}
                    {...form.register(`rows.${index}.levelKey`)}
                  >
                    <option value="">{t('languages.chooseLevel')}</option>
                    {levels.map((level) => (
                      <option key={level.key} value={level.key}>
                        {pickLocalizedName(level, locale)}
                      </option>
                    ))}
                  </Select>
                  {rowErrors?.levelKey ? (
                    <p className="mt-1.5 text-sm text-error-700">{message(rowErrors.levelKey.message)}</p>
                  ) : null}
                </div>
                <label className="flex h-11 items-center gap-2 text-sm font-medium text-neutral-700">
                  <input
                    type="radio"
                    className="size-4 accent-brand-700"
                    value={key}
                    checked={isPrimary}
                    onChange={() => form.setValue('primary', key)}
                    name={`${id}-primary`}
                  />
                  {t('languages.primary')}
                </label>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('languages.remove', { number: index + 1 })}
                  disabled={fields.length === 1}
                  onClick={() => {
                    remove(index);
                    if (isPrimary) {
                      const next = form.getValues('rows').find((row) => row.key !== key);
                      form.setValue('primary', next?.key ?? '');
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      </FieldSet>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= 20}
          onClick={() => append({ key: newRowKey(), languageCode: '', levelKey: '' })}
        >
          <Plus aria-hidden="true" />
          {t('languages.add')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-5">
        {actions}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
