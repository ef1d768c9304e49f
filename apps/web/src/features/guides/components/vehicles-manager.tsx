import { zodResolver } from '@hookform/resolvers/zod';
import {
  GUIDE_DOCUMENT_MAX_BYTES,
  GUIDE_DOCUMENT_TYPES,
  GUIDE_PHOTO_MAX_BYTES,
  GUIDE_PHOTO_TYPES,
  type PrivateDocument,
  VEHICLE_PHOTO_MAX_COUNT,
  type Vehicle,
} from '@marco/contract/guides';
import type { CurrencyCode } from '@marco/contract/reference';
import { useQueryClient } from '@tanstack/react-query';
import { Baby, Car, FileText, Pencil, Plus, Snowflake, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useLocale } from '@/i18n/use-locale';
import { currencyLabel, formatMoney } from '@/lib/currency';
import { useDeletePrivateDocument } from '../api/delete-private-document';
import { useVehicles } from '../api/get-vehicles';
import { guideKeys } from '../api/keys';
import { useDeleteVehicle, useDeleteVehiclePhoto, useSaveVehicle } from '../api/save-vehicle';
import { uploadVehicleDocument } from '../api/upload-private-document';
import { uploadVehiclePhoto } from '../api/upload-vehicle-photo';
import { useFeedback } from '../hooks/use-feedback';
import { useUploads } from '../hooks/use-uploads';
import { formatBytes, inputToMinor, minorToInput } from '../utils/format';
import { translateValidation } from '../utils/validation';
import { ConfirmDialog } from './confirm-dialog';
import { describedBy, Field } from './field';
import { EmptyBlock, QueryState } from './states';
import { FilePicker } from './upload/file-picker';
import { UploadList } from './upload/upload-list';

const VehicleFormSchema = z.object({
  brand: z.string().trim().min(1, 'required').max(60, 'tooLong'),
  model: z.string().trim().min(1, 'required').max(60, 'tooLong'),
  color: z.string().trim().min(1, 'required').max(40, 'tooLong'),
  plate: z.string().trim().min(1, 'required').max(20, 'tooLong'),
  seatCount: z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 60, 'seatCountInvalid'),
  hasAirConditioning: z.boolean(),
  hasChildSeat: z.boolean(),
  additionalRate: z.string().refine((value) => value.trim() === '' || inputToMinor(value) !== null, 'rateInvalid'),
});
type VehicleFormValues = z.infer<typeof VehicleFormSchema>;

/** Vehicles (spec §3): add, edit, remove, with photos and registration and insurance papers. */
export function VehiclesManager({ currency }: { currency: CurrencyCode | null }) {
  const { t } = useTranslation('guides');
  const query = useVehicles();
  const [isAdding, setAdding] = useState(false);
  return (
    <QueryState query={query}>
      {(vehicles) => (
        <div className="flex flex-col gap-4">
          {vehicles.length === 0 && !isAdding ? (
            <EmptyBlock title={t('vehicles.empty')}>{t('vehicles.emptyHint')}</EmptyBlock>
          ) : null}
          {vehicles.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} currency={currency} />
          ))}
          {isAdding ? (
            <div className="rounded-card border border-brand-200 bg-surface p-5">
              <h3 className="mb-4 font-semibold text-neutral-900">{t('vehicles.addTitle')}</h3>
              <VehicleForm currency={currency} onDone={() => setAdding(false)} />
            </div>
          ) : (
            <div>
              <Button variant="outline" onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                {t('vehicles.add')}
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

function VehicleForm({
  vehicle,
  currency,
  onDone,
}: {
  vehicle?: Vehicle;
  currency: CurrencyCode | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('guides');
  const id = useId();
  const feedback = useFeedback();
  const save = useSaveVehicle();
  const form = useForm<VehicleFormValues>({
    resolver: zodResolver(VehicleFormSchema),
    defaultValues: {
      brand: vehicle?.brand ?? '',
      model: vehicle?.model ?? '',
      color: vehicle?.color ?? '',
      plate: vehicle?.plate ?? '',
      seatCount: vehicle ? String(vehicle.seatCount) : '4',
      hasAirConditioning: vehicle?.hasAirConditioning ?? true,
      hasChildSeat: vehicle?.hasChildSeat ?? false,
      additionalRate: vehicle ? minorToInput(vehicle.additionalHourlyRateMinor) : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? translateValidation(t, text) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: vehicle?.id,
        input: {
          brand: values.brand,
          model: values.model,
          color: values.color,
          plate: values.plate,
          seatCount: Number(values.seatCount),
          hasAirConditioning: values.hasAirConditioning,
          hasChildSeat: values.hasChildSeat,
          additionalHourlyRateMinor:
            values.additionalRate.trim() === '' ? 0 : (inputToMinor(values.additionalRate) ?? 0),
        },
      });
      feedback.saved();
      onDone();
    } catch (error) {
      feedback.failed(error);
    }
  });

  const text = (name: 'brand' | 'model' | 'color' | 'plate', label: string) => {
    const error = message(errors[name]?.message);
    return (
      <Field id={`${id}-${name}`} label={label} error={error}>
        <Input
          id={`${id}-${name}`}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-${name}`, { error })}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('brand', t('vehicles.brand'))}
        {text('model', t('vehicles.model'))}
        {text('color', t('vehicles.color'))}
        {text('plate', t('vehicles.plate'))}
        <Field id={`${id}-seats`} label={t('vehicles.seatCount')} error={message(errors.seatCount?.message)}>
          <Input
            id={`${id}-seats`}
            type="number"
            min={1}
            max={60}
            inputMode="numeric"
            {...form.register('seatCount')}
          />
        </Field>
        <Field
          id={`${id}-rate`}
          label={t('vehicles.additionalRate', { currency: currency ? currencyLabel(currency) : '' })}
          hint={t('vehicles.additionalRateHint')}
          optional={t('form.optional')}
          error={message(errors.additionalRate?.message)}
        >
          <Input
            id={`${id}-rate`}
            inputMode="decimal"
            dir="ltr"
            aria-describedby={describedBy(`${id}-rate`, { hint: true })}
            {...form.register('additionalRate')}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-6">
        <div className="flex items-center gap-3">
          <Switch id={`${id}-ac`} {...form.register('hasAirConditioning')} />
          <label htmlFor={`${id}-ac`} className="text-sm font-medium text-neutral-700">
            {t('vehicles.airConditioning')}
          </label>
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`${id}-child`} {...form.register('hasChildSeat')} />
          <label htmlFor={`${id}-child`} className="text-sm font-medium text-neutral-700">
            {t('vehicles.childSeat')}
          </label>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {vehicle ? t('actions.save') : t('vehicles.addSubmit')}
        </Button>
      </div>
    </form>
  );
}

function VehicleCard({ vehicle, currency }: { vehicle: Vehicle; currency: CurrencyCode | null }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVehicle();
  const removePhoto = useDeleteVehiclePhoto();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: guideKeys.vehicles });
  const photoUploads = useUploads({
    rule: { types: GUIDE_PHOTO_TYPES, maxBytes: GUIDE_PHOTO_MAX_BYTES },
    start: (file, onProgress) => uploadVehiclePhoto(vehicle.id, file, onProgress),
    onUploaded: refresh,
  });
  const name = `${vehicle.brand} ${vehicle.model}`;
  const rateCurrency = vehicle.currency ?? currency;

  return (
    <article className="rounded-card border border-neutral-200 bg-surface p-5 shadow-card" aria-label={name}>
      {isEditing ? (
        <VehicleForm vehicle={vehicle} currency={currency} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-start gap-4">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Car aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-neutral-900">
              <bdi>{name}</bdi>
            </h3>
            <p className="text-sm text-neutral-600">
              <bdi>{vehicle.color}</bdi> · <bdi dir="ltr">{vehicle.plate}</bdi> ·{' '}
              {t('vehicles.seats', { count: vehicle.seatCount })}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2 text-xs">
              {vehicle.hasAirConditioning ? (
                <li className="inline-flex items-center gap-1 rounded-full bg-info-50 px-2 py-0.5 text-info-800">
                  <Snowflake aria-hidden="true" className="size-3" />
                  {t('vehicles.airConditioning')}
                </li>
              ) : null}
              {vehicle.hasChildSeat ? (
                <li className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2 py-0.5 text-accent-800">
                  <Baby aria-hidden="true" className="size-3" />
                  {t('vehicles.childSeat')}
                </li>
              ) : null}
              {vehicle.additionalHourlyRateMinor > 0 && rateCurrency ? (
                <li className="rounded-full bg-neutral-100 px-2 py-0.5 text-neutral-700">
                  {t('vehicles.ratePerHour', {
                    amount: formatMoney(vehicle.additionalHourlyRateMinor, rateCurrency, locale),
                  })}
                </li>
              ) : null}
            </ul>
          </div>
          <div className="flex gap-2">
            <Button variant="edit" size="sm" onClick={() => setEditing(true)} aria-label={t('vehicles.edit', { name })}>
              <Pencil aria-hidden="true" />
              <span className="max-sm:sr-only">{t('actions.edit')}</span>
            </Button>
            <Button
              variant="delete"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={t('vehicles.remove', { name })}
            >
              <Trash2 aria-hidden="true" />
              <span className="max-sm:sr-only">{t('actions.remove')}</span>
            </Button>
          </div>
        </div>
      )}

      <div className="mt-5 grid gap-5 border-t border-neutral-100 pt-5 lg:grid-cols-2">
        <section className="flex flex-col gap-3">
          <h4 className="text-sm font-semibold text-neutral-800">{t('vehicles.photos')}</h4>
          {vehicle.photos.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2">
              {vehicle.photos.map((photo, index) => (
                <li key={photo.id} className="relative overflow-hidden rounded-control bg-neutral-100">
                  <img
                    src={photo.cardUrl}
                    alt={t('vehicles.photoAlt', { name, number: index + 1 })}
                    className="aspect-[4/3] w-full object-cover"
                    loading="lazy"
                  />
                  <button
                    type="button"
                    className="absolute end-1 top-1 rounded-full bg-surface/90 p-1 text-error-700 shadow-card hover:bg-surface"
                    aria-label={t('vehicles.deletePhoto', { number: index + 1 })}
                    onClick={() => removePhoto.mutate(photo.id, { onError: (error) => feedback.failed(error) })}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <FilePicker
            label={t('vehicles.addPhotos')}
            hint={t('upload.hint', { types: t('upload.photoTypes'), size: formatBytes(GUIDE_PHOTO_MAX_BYTES, locale) })}
            accept={GUIDE_PHOTO_TYPES}
            multiple
            disabled={vehicle.photos.length + photoUploads.items.length >= VEHICLE_PHOTO_MAX_COUNT}
            onFiles={photoUploads.add}
          />
          <UploadList
            items={photoUploads.items}
            onCancel={photoUploads.cancel}
            onDismiss={photoUploads.dismiss}
            typesLabel={t('upload.photoTypes')}
            maxBytes={GUIDE_PHOTO_MAX_BYTES}
          />
        </section>
        <section className="flex flex-col gap-4">
          <h4 className="text-sm font-semibold text-neutral-800">{t('vehicles.papers')}</h4>
          <VehiclePapers vehicle={vehicle} kind="vehicle_registration" label={t('vehicles.registration')} />
          <VehiclePapers vehicle={vehicle} kind="vehicle_insurance" label={t('vehicles.insurance')} />
        </section>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('vehicles.removeTitle')}
        description={t('vehicles.removeText', { name })}
        confirmLabel={t('actions.remove')}
        destructive
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(vehicle.id, {
            onSuccess: () => setConfirming(false),
            onError: (error) => feedback.failed(error),
          })
        }
      />
    </article>
  );
}

function VehiclePapers({
  vehicle,
  kind,
  label,
}: {
  vehicle: Vehicle;
  kind: 'vehicle_registration' | 'vehicle_insurance';
  label: string;
}) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const remove = useDeletePrivateDocument();
  const uploads = useUploads({
    rule: { types: GUIDE_DOCUMENT_TYPES, maxBytes: GUIDE_DOCUMENT_MAX_BYTES },
    start: (file, onProgress) => uploadVehicleDocument(vehicle.id, kind, file, onProgress),
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: guideKeys.vehicles }),
  });
  const documents = vehicle.documents.filter((document: PrivateDocument) => document.kind === kind);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-neutral-700">{label}</p>
      {documents.map((document) => (
        <div key={document.id} className="flex items-center gap-2 rounded-control border border-neutral-200 px-3 py-2">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <a
            href={document.downloadUrl}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 truncate text-sm font-medium text-brand-800 hover:underline"
            dir="auto"
          >
            {document.fileName ?? t('documents.untitled')}
          </a>
          <button
            type="button"
            className="rounded p-1 text-error-700 hover:bg-error-50"
            aria-label={t('documents.delete', { name: document.fileName ?? t('documents.untitled') })}
            onClick={() => remove.mutate(document.id, { onError: (error) => feedback.failed(error) })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
      <FilePicker
        label={t('vehicles.uploadPaper', { paper: label })}
        hint={t('upload.hint', {
          types: t('upload.documentTypes'),
          size: formatBytes(GUIDE_DOCUMENT_MAX_BYTES, locale),
        })}
        accept={GUIDE_DOCUMENT_TYPES}
        onFiles={uploads.add}
      />
      <UploadList
        items={uploads.items}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        typesLabel={t('upload.documentTypes')}
        maxBytes={GUIDE_DOCUMENT_MAX_BYTES}
      />
    </div>
  );
}
