import { zodResolver } from '@hookform/resolvers/zod';
import { type Address, type CreateAddress, CreateAddressSchema } from '@marco/contract/accounts';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { applyServerFieldErrors } from '@/features/auth/utils/field-errors';
import { describeError } from '@/lib/describe-error';
import { useCreateUserAddress } from '../api/create-user-address';
import { useCities } from '../api/get-cities';
import { useCountries } from '../api/get-countries';
import { useStates } from '../api/get-states';
import { useUpdateUserAddress } from '../api/update-user-address';

const STREET_MAX = 200;
const POSTAL_CODE_MAX = 20;

// The contract's rules for street and postal code; the pickers hold '' for "none chosen".
const AddressFormSchema = CreateAddressSchema.extend({
  countryId: z.string().min(1),
  stateId: z.string(),
  cityId: z.string(),
  isDefault: z.boolean(),
});
type AddressValues = z.input<typeof AddressFormSchema>;
type FieldName = keyof AddressValues;

const toValues = (address: Address | null): AddressValues => ({
  countryId: address?.countryId ?? '',
  stateId: address?.stateId ?? '',
  cityId: address?.cityId ?? '',
  street: address?.street ?? '',
  postalCode: address?.postalCode ?? '',
  // Ticked only to make this address the default; the current default shows a note instead.
  isDefault: false,
});

const toInput = (values: AddressValues): CreateAddress => ({
  countryId: values.countryId,
  stateId: values.stateId || null,
  cityId: values.cityId || null,
  street: values.street?.trim() || null,
  postalCode: values.postalCode?.trim() || null,
  ...(values.isDefault ? { isDefault: true } : {}),
});

type AddressFormDialogProps = {
  open: boolean;
  /** The address to edit; null adds a new one. */
  address: Address | null;
  /** A first address always becomes the default, so there is nothing to choose. */
  isFirst: boolean;
  onClose: () => void;
};

/** Adds or edits an address: country, then state and city from that country's lists, street and postal code. */
export function AddressFormDialog({ open, address, isFirst, onClose }: AddressFormDialogProps) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const create = useCreateUserAddress();
  const update = useUpdateUserAddress();
  const form = useForm<AddressValues>({ resolver: zodResolver(AddressFormSchema), defaultValues: toValues(address) });
  const { errors, isSubmitting } = form.formState;
  const [countryId, stateId] = useWatch({ control: form.control, name: ['countryId', 'stateId'] });
  const countries = useCountries();
  const states = useStates(countryId);
  const cities = useCities(countryId, stateId);
  const formId = address ? `address-form-${address.id}` : 'address-form-new';
  const fieldId = (name: FieldName) => `${formId}-${name}`;

  const errorOf = (name: FieldName, error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === 'server') return t('addresses.errors.placeInvalid');
    if (name === 'countryId') return t('addresses.errors.countryRequired');
    if (name === 'street') return t('addresses.errors.tooLong', { max: STREET_MAX });
    if (name === 'postalCode') return t('addresses.errors.tooLong', { max: POSTAL_CODE_MAX });
    return t('addresses.errors.placeInvalid');
  };
  const fieldErrors = {
    countryId: errorOf('countryId', errors.countryId),
    stateId: errorOf('stateId', errors.stateId),
    cityId: errorOf('cityId', errors.cityId),
    street: errorOf('street', errors.street),
    postalCode: errorOf('postalCode', errors.postalCode),
  };
  const controlProps = (name: keyof typeof fieldErrors) => ({
    id: fieldId(name),
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': describedBy(fieldId(name), { error: fieldErrors[name] }),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (address) await update.mutateAsync({ id: address.id, ...toInput(values) });
      else await create.mutateAsync(toInput(values));
      toast({ color: 'success', title: t(address ? 'addresses.saved' : 'addresses.added') });
      onClose();
    } catch (saveError) {
      const fields = { countryId: 'countryId', stateId: 'stateId', cityId: 'cityId', street: 'street' } as const;
      if (applyServerFieldErrors(saveError, form.setError, { ...fields, postalCode: 'postalCode' })) return;
      toast({ color: 'error', ...describeError(saveError, tDefault) });
    }
  });

  const placeholder = (query: { isPending: boolean; isFetching: boolean; data?: unknown[] }, choose: string) => {
    if (query.isFetching && !query.data) return tDefault('status.loading');
    return query.data && query.data.length === 0 ? t('addresses.noneListed') : choose;
  };
  const hasCountry = countryId !== '';
  const showDefaultChoice = !isFirst && !address?.isDefault;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(address ? 'addresses.editTitle' : 'addresses.addTitle')}
      description={t('addresses.formDescription')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('addresses.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {t('addresses.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormField id={fieldId('countryId')} label={t('addresses.country')} error={fieldErrors.countryId}>
          <Controller
            control={form.control}
            name="countryId"
            render={({ field }) => (
              <Select
                {...field}
                {...controlProps('countryId')}
                aria-required="true"
                disabled={!countries.data}
                onChange={(event) => {
                  field.onChange(event);
                  // A state or city of the previous country cannot stay.
                  form.setValue('stateId', '');
                  form.setValue('cityId', '');
                }}
              >
                <option value="">{placeholder(countries, t('addresses.chooseCountry'))}</option>
                {countries.data?.map((country) => (
                  <option key={country.id} value={country.id}>
                    {country.name}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={fieldId('stateId')} label={t('addresses.state')} error={fieldErrors.stateId}>
            <Controller
              control={form.control}
              name="stateId"
              render={({ field }) => (
                <Select
                  {...field}
                  {...controlProps('stateId')}
                  disabled={!hasCountry || !states.data || states.data.length === 0}
                  onChange={(event) => {
                    field.onChange(event);
                    form.setValue('cityId', '');
                  }}
                >
                  <option value="">
                    {hasCountry ? placeholder(states, t('addresses.chooseState')) : t('addresses.countryFirst')}
                  </option>
                  {states.data?.map((state) => (
                    <option key={state.id} value={state.id}>
                      {state.name}
                    </option>
                  ))}
                </Select>
              )}
            />
          </FormField>
          <FormField id={fieldId('cityId')} label={t('addresses.city')} error={fieldErrors.cityId}>
            <Controller
              control={form.control}
              name="cityId"
              render={({ field }) => (
                <Select
                  {...field}
                  {...controlProps('cityId')}
                  disabled={!hasCountry || !cities.data || cities.data.length === 0}
                >
                  <option value="">
                    {hasCountry ? placeholder(cities, t('addresses.chooseCity')) : t('addresses.countryFirst')}
                  </option>
                  {cities.data?.map((city) => (
                    <option key={city.id} value={city.id}>
                      {city.name}
                    </option>
                  ))}
                </Select>
              )}
            />
          </FormField>
        </div>
        <FormField id={fieldId('street')} label={t('addresses.street')} error={fieldErrors.street}>
          <Input
            {...controlProps('street')}
            autoComplete="street-address"
            maxLength={STREET_MAX}
            {...form.register('street')}
          />
        </FormField>
        <FormField
          id={fieldId('postalCode')}
          label={t('addresses.postalCode')}
          error={fieldErrors.postalCode}
          className="sm:max-w-48"
        >
          <Input
            {...controlProps('postalCode')}
            autoComplete="postal-code"
            maxLength={POSTAL_CODE_MAX}
            {...form.register('postalCode')}
          />
        </FormField>
        {showDefaultChoice ? (
          <div className="flex items-center gap-3">
            <input
              id={fieldId('isDefault')}
              type="checkbox"
              className="size-5 shrink-0 cursor-pointer rounded accent-brand-700"
              {...form.register('isDefault')}
            />
            <Label htmlFor={fieldId('isDefault')} className="mb-0 cursor-pointer">
              {t('addresses.useAsDefault')}
            </Label>
          </div>
        ) : (
          <p className="text-sm text-neutral-600">
            {t(isFirst ? 'addresses.firstIsDefault' : 'addresses.isDefaultNote')}
          </p>
        )}
      </form>
    </Dialog>
  );
}
