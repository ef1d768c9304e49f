import { zodResolver } from '@hookform/resolvers/zod';
import { AboutSchema, type MyProfile, parseBirthDate } from '@marco/contract/accounts';
import { FirstNameSchema, LastNameSchema } from '@marco/contract/auth';
import { Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { FormAlert } from '@/features/auth/components/form-alert';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { applyServerFieldErrors, translateValidation } from '@/features/auth/utils/field-errors';
import { displayPhoneNumber } from '@/features/auth/utils/phone-number';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { toIsoDate } from '@/lib/formatting';
import { timeZoneOptionLabel } from '@/lib/time-zone-name';
import { useGenders } from '../api/get-genders';
import { useSaveProfile } from '../hooks/use-save-profile';

const ProfileFormSchema = z.object({
  name: FirstNameSchema,
  surname: LastNameSchema,
  about: AboutSchema,
  birthDate: z
    .string()
    .refine((value) => value === '' || parseBirthDate(value) !== null, 'Valid birth date required (YYYY-MM-DD)')
    .refine((value) => value === '' || value <= toIsoDate(new Date()), 'Birth date cannot be in the future'),
  genderId: z.string(),
  timezone: z.string().min(1),
});
type ProfileValues = z.input<typeof ProfileFormSchema>;

const toValues = (profile: MyProfile): ProfileValues => ({
  name: profile.name ?? '',
  surname: profile.surname ?? '',
  about: profile.about ?? '',
  birthDate: profile.birthDate ?? '',
  genderId: profile.genderId ?? '',
  timezone: profile.timezone,
});

/** Every IANA zone named in the reader's language with its offset now; UTC first. */
function useTimezoneOptions(current: string) {
  const locale = useLocale();
  return useMemo(() => {
    const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current]);
    const now = new Date();
    return [...zones].map((zone) => ({ zone, label: timeZoneOptionLabel(zone, locale, now) }));
  }, [locale, current]);
}

type ProfileFormProps = {
  profile: MyProfile;
  /** Loads the latest profile (after 'changed elsewhere'). */
  onReload: () => Promise<unknown>;
};

/** Name, surname, about, birth date, gender and time zone; the phone is changed elsewhere (spec §3). */
export function ProfileForm({ profile, onReload }: ProfileFormProps) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const { toast } = useToast();
  const genders = useGenders();
  const timezones = useTimezoneOptions(profile.timezone);
  const { save } = useSaveProfile();
  const [isStale, setStale] = useState(false);
  const form = useForm<ProfileValues>({ resolver: zodResolver(ProfileFormSchema), defaultValues: toValues(profile) });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof ProfileValues) =>
    errors[field] ? translateValidation(tAuth, errors[field]?.message, field) : undefined;

  const submit = form.handleSubmit(async (values) => {
    setStale(false);
    try {
      const saved = await save(
        {
          name: values.name,
          surname: values.surname,
          about: values.about.trim() || null,
          // spec §5: a YYYY-MM-DD birth date is sent as midnight UTC in ISO form.
          birthDate: values.birthDate ? `${values.birthDate}T00:00:00.000Z` : null,
          genderId: values.genderId || null,
          timezone: values.timezone,
        },
        profile.concurrencyStamp,
      );
      form.reset(toValues(saved));
      toast({ color: 'success', title: t('profile.saved') });
    } catch (error) {
      if (isApiError(error) && error.code === 'STALE_UPDATE') {
        setStale(true);
        return;
      }
      const placed = applyServerFieldErrors(error, form.setError, {
        name: 'name',
        surname: 'surname',
        about: 'about',
        birthDate: 'birthDate',
        genderId: 'genderId',
        timezone: 'timezone',
      });
      if (!placed) toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  const reload = async () => {
    const result = (await onReload()) as { data?: MyProfile } | undefined;
    form.reset(toValues(result?.data ?? profile));
    setStale(false);
  };

  const field = (name: keyof ProfileValues) => ({
    'aria-invalid': message(name) ? true : undefined,
    'aria-describedby': describedBy(`profile-${name}`, { error: message(name) }),
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {isStale ? (
        <FormAlert title={tErrors('STALE_UPDATE.title')}>
          <p>{tErrors('STALE_UPDATE.description')}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void reload()}>
            {t('profile.reload')}
          </Button>
        </FormAlert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-name" label={tAuth('fields.firstName')} error={message('name')}>
          <Input id="profile-name" autoComplete="given-name" {...field('name')} {...form.register('name')} />
        </FormField>
        <FormField id="profile-surname" label={tAuth('fields.lastName')} error={message('surname')}>
          <Input id="profile-surname" autoComplete="family-name" {...field('surname')} {...form.register('surname')} />
        </FormField>
      </div>
      <div>
        <Label>{t('profile.phone')}</Label>
        <div className="flex flex-col gap-3 rounded-control border border-neutral-200 bg-neutral-50 px-3.5 py-2.5 sm:flex-row sm:items-center sm:justify-between">
          <span className="flex items-center gap-2 text-neutral-800">
            <Smartphone aria-hidden="true" className="size-4 text-neutral-500" />
            {profile.phoneNumber ? (
              <bdi dir="ltr" className="font-medium tabular-nums">
                {displayPhoneNumber(profile.phoneNumber)}
              </bdi>
            ) : (
              <span className="text-neutral-500">{t('profile.noPhone')}</span>
            )}
          </span>
          <ButtonLink to="/settings/change-phone" variant="edit" size="sm">
            {t('profile.changePhone')}
          </ButtonLink>
        </div>
        <p className="mt-1.5 text-sm text-neutral-500">{t('profile.phoneHint')}</p>
      </div>
      <FormField id="profile-about" label={t('profile.about')} error={message('about')} hint={t('profile.aboutHint')}>
        <Textarea
          id="profile-about"
          rows={4}
          maxLength={2000}
          aria-invalid={message('about') ? true : undefined}
          aria-describedby={describedBy('profile-about', { error: message('about'), hint: true })}
          {...form.register('about')}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-birthDate" label={t('profile.birthDate')} error={message('birthDate')}>
          <Input
            id="profile-birthDate"
            type="date"
            min="1900-01-01"
            max={toIsoDate(new Date())}
            autoComplete="bday"
            {...field('birthDate')}
            {...form.register('birthDate')}
          />
        </FormField>
        <FormField id="profile-genderId" label={t('profile.gender')} error={message('genderId')}>
          {/* Controlled: the genders arrive after the form, and the choice must survive that. */}
          <Controller
            control={form.control}
            name="genderId"
            render={({ field: control }) => (
              <Select id="profile-genderId" {...field('genderId')} {...control}>
                <option value="">{t('profile.genderUnset')}</option>
                {genders.map((gender) => (
                  <option key={gender.id} value={gender.id}>
                    {gender.name}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
      </div>
      <FormField
        id="profile-timezone"
        label={t('profile.timezone')}
        error={message('timezone')}
        hint={t('profile.timezoneHint')}
      >
        <Select
          id="profile-timezone"
          aria-invalid={message('timezone') ? true : undefined}
          aria-describedby={describedBy('profile-timezone', { error: message('timezone'), hint: true })}
          {...form.register('timezone')}
        >
          {timezones.map(({ zone, label }) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
