import { zodResolver } from '@hookform/resolvers/zod';
import type { GuideServiceTypes, MyGuide } from '@marco/contract/guides';
import { type ReactNode, useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { pickLocalizedName } from '@/features/reference/utils/pick-localized-name';
import { useLocale } from '@/i18n/use-locale';
import { useCities } from '../../api/get-cities';
import { useCountries } from '../../api/get-countries';
import { type CatalogServiceType, type ServiceCatalog, useServiceCatalog } from '../../api/get-service-types';
import { useUpdateGuideServiceTypes } from '../../api/update-guide-service-types';
import { useUpdateMyGuide } from '../../api/update-my-guide';
import { useFeedback } from '../../hooks/use-feedback';
import { translateValidation } from '../../utils/validation';
import { describedBy, Field, FieldSet } from '../field';
import { QueryState } from '../states';

export type BasicInfoSection = 'location' | 'about' | 'services';

const KindSchema = z.object({ enabled: z.boolean(), types: z.array(z.string()) });
const BasicInfoSchema = z.object({
  countryId: z.string(),
  cityId: z.string(),
  street: z.string().trim().max(200, 'tooLong'),
  about: z.string().trim().max(2000, 'tooLong'),
  kinds: z.record(z.string(), KindSchema),
});
type BasicInfoValues = z.infer<typeof BasicInfoSchema>;

/** Only the sections on screen are checked: settings show one at a time. */
function schemaFor(sections: readonly BasicInfoSection[]) {
  return BasicInfoSchema.superRefine((values, context) => {
    if (sections.includes('location')) {
      if (!values.countryId) context.addIssue({ code: 'custom', path: ['countryId'], message: 'countryRequired' });
      if (!values.cityId) context.addIssue({ code: 'custom', path: ['cityId'], message: 'cityRequired' });
    }
    if (sections.includes('about') && values.about.length === 0) {
      context.addIssue({ code: 'custom', path: ['about'], message: 'required' });
    }
    if (sections.includes('services') && !Object.values(values.kinds).some((kind) => kind.enabled)) {
      context.addIssue({ code: 'custom', path: ['kinds'], message: 'serviceKindRequired' });
    }
  });
}

type BasicInfoFormProps = {
  sections: readonly BasicInfoSection[];
  guide: MyGuide | null;
  /** The caller's user id: it names the guide before the application exists. */
  userId: string;
  serviceTypes?: GuideServiceTypes | null;
  submitLabel: string;
  onSaved?: () => void;
  /** Buttons before the submit button (e.g. "Back"). */
  actions?: ReactNode;
};

/** Step 1 and the settings' "personal info", "about me" and "service types": one form, the sections asked for. */
export function BasicInfoForm(props: BasicInfoFormProps) {
  const catalog = useServiceCatalog();
  if (!props.sections.includes('services')) return <BasicInfoFields {...props} catalog={null} />;
  return <QueryState query={catalog}>{(data) => <BasicInfoFields {...props} catalog={data} />}</QueryState>;
}

function initialKinds(catalog: ServiceCatalog | null, serviceTypes: GuideServiceTypes | null | undefined) {
  const kinds: BasicInfoValues['kinds'] = {};
  for (const kind of catalog?.serviceKinds ?? []) {
    const offered = serviceTypes?.serviceKinds.find((item) => item.key === kind.key);
    kinds[kind.key] = {
      enabled: Boolean(offered),
      types: offered?.serviceTypes.map((type) => type.key) ?? [],
    };
  }
  return kinds;
}

function BasicInfoFields({
  sections,
  guide,
  userId,
  serviceTypes,
  catalog,
  submitLabel,
  onSaved,
  actions,
}: BasicInfoFormProps & { catalog: ServiceCatalog | null }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  const feedback = useFeedback();
  const updateGuide = useUpdateMyGuide();
  const updateServiceTypes = useUpdateGuideServiceTypes();
  const schema = useMemo(() => schemaFor(sections), [sections]);
  const form = useForm<BasicInfoValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      countryId: guide?.country?.id ?? '',
      cityId: guide?.city?.id ?? '',
      street: guide?.street ?? '',
      about: guide?.about ?? '',
      kinds: initialKinds(catalog, serviceTypes),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const countryId = useWatch({ control: form.control, name: 'countryId' });
  const countries = useCountries();
  const cities = useCities(countryId);
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      let guideId = guide?.guideId ?? null;
      const change: Parameters<typeof updateGuide.mutateAsync>[0] = {};
      if (sections.includes('location')) {
        change.countryId = values.countryId;
        change.cityId = values.cityId;
        change.street = values.street || null;
      }
      if (sections.includes('about')) change.about = values.about;
      if (Object.keys(change).length > 0 || !guideId) {
        guideId = (await updateGuide.mutateAsync(change)).guideId;
      }
      if (sections.includes('services') && catalog) {
        await updateServiceTypes.mutateAsync({
          guideId: guideId ?? userId,
          kinds: catalog.serviceKinds.map((kind) => ({
            kind: kind.key,
            enabled: values.kinds[kind.key]?.enabled ?? false,
            serviceTypeKeys: values.kinds[kind.key]?.types ?? [],
          })),
        });
      }
      form.reset(values);
      if (onSaved) onSaved();
      else feedback.saved();
    } catch (error) {
      feedback.failed(error);
    }
  });

  const sortedCountries = [...(countries.data ?? [])].sort((a, b) =>
    pickLocalizedName(a, locale).localeCompare(pickLocalizedName(b, locale), locale),
  );
  const sortedCities = [...(cities.data ?? [])].sort((a, b) =>
    pickLocalizedName(a, locale).localeCompare(pickLocalizedName(b, locale), locale),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      {sections.includes('location') ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${id}-country`} label={t('basicInfo.country')} error={message(errors.countryId?.message)}>
            <Select
              id={`${id}-country`}
              aria-invalid={Boolean(errors.countryId)}
              aria-describedby={describedBy(`${id}-country`, { error: errors.countryId?.message })}
              disabled={countries.isPending}
              {...form.register('countryId', {
                onChange: () => form.setValue('cityId', ''),
              })}
            >
              <option value="">{countries.isPending ? t('state.loading') : t('basicInfo.chooseCountry')}</option>
              {sortedCountries.map((country) => (
                <option key={country.id} value={country.id}>
                  {pickLocalizedName(country, locale)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-city`} label={t('basicInfo.city')} error={message(errors.cityId?.message)}>
            <Select
              id={`${id}-city`}
              aria-invalid={Boolean(errors.cityId)}
              aria-describedby={describedBy(`${id}-city`, { error: errors.cityId?.message })}
              disabled={!countryId || cities.isPending}
              {...form.register('cityId')}
            >
              <option value="">{countryId && cities.isPending ? t('state.loading') : t('basicInfo.chooseCity')}</option>
              {sortedCities.map((city) => (
                <option key={city.id} value={city.id}>
                  {pickLocalizedName(city, locale)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={`${id}-street`}
            label={t('basicInfo.street')}
            optional={t('form.optional')}
            hint={t('basicInfo.streetHint')}
            error={message(errors.street?.message)}
            className="sm:col-span-2"
          >
            <Input
              id={`${id}-street`}
              autoComplete="street-address"
              aria-describedby={describedBy(`${id}-street`, { hint: true, error: errors.street?.message })}
              {...form.register('street')}
            />
          </Field>
        </div>
      ) : null}

      {sections.includes('about') ? (
        <Field
          id={`${id}-about`}
          label={t('basicInfo.about')}
          hint={t('basicInfo.aboutHint')}
          error={message(errors.about?.message)}
        >
          <Textarea
            id={`${id}-about`}
            rows={6}
            maxLength={2000}
            dir="auto"
            aria-invalid={Boolean(errors.about)}
            aria-describedby={describedBy(`${id}-about`, { hint: true, error: errors.about?.message })}
            {...form.register('about')}
          />
        </Field>
      ) : null}

      {sections.includes('services') && catalog ? (
        <FieldSet
          legend={t('services.legend')}
          hint={t('services.hint')}
          error={message((errors.kinds as { message?: string } | undefined)?.message)}
        >
          <div className="flex flex-col gap-4">
            {catalog.serviceKinds.map((kind) => (
              <ServiceKindFields
                key={kind.key}
                kindKey={kind.key}
                label={pickLocalizedName(kind, locale)}
                serviceTypes={catalog.serviceTypes}
                control={form.control}
              />
            ))}
          </div>
        </FieldSet>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-5">
        {actions}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ServiceKindFields({
  kindKey,
  label,
  serviceTypes,
  control,
}: {
  kindKey: string;
  label: string;
  serviceTypes: CatalogServiceType[];
  control: ReturnType<typeof useForm<BasicInfoValues>>['control'];
}) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const id = useId();
  return (
    <Controller
      control={control}
      name={`kinds.${kindKey}`}
      render={({ field }) => {
        const value = field.value ?? { enabled: false, types: [] };
        // The primary set is offered; types chosen from the other set stay visible so they can be removed.
        const shown = serviceTypes.filter((type) => type.set === 'primary' || value.types.includes(type.key));
        return (
          <div className="rounded-card border border-neutral-200 p-4">
            <label className="flex items-center gap-3 font-medium text-neutral-900">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={value.enabled}
                onChange={(event) => field.onChange({ ...value, enabled: event.target.checked })}
              />
              {label}
            </label>
            {value.enabled ? (
              <fieldset className="mt-4">
                <legend id={`${id}-legend`} className="mb-2 text-sm text-neutral-600">
                  {t('services.typesFor', { kind: label })}
                </legend>
                <div className="flex flex-wrap gap-2">
                  {shown.map((type) => {
                    const checked = value.types.includes(type.key);
                    return (
                      <label
                        key={type.key}
                        className="relative cursor-pointer rounded-full border px-3 py-1.5 text-sm transition-colors has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 border-neutral-300 text-neutral-700 hover:border-brand-400"
                      >
                        <input
                          type="checkbox"
                          // Covers the chip, so a click or tap lands on the checkbox itself.
                          className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                          checked={checked}
                          onChange={(event) =>
                            field.onChange({
                              ...value,
                              types: event.target.checked
                                ? [...value.types, type.key]
                                : value.types.filter((key) => key !== type.key),
                            })
                          }
                        />
                        {pickLocalizedName(type, locale)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ) : null}
          </div>
        );
      }}
    />
  );
}
