import { zodResolver } from '@hookform/resolvers/zod';
import type { CodeSent } from '@marco/contract/auth';
import { FirstNameSchema, LastNameSchema, PhoneSchema } from '@marco/contract/auth';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useRegisterWithPhone } from '../api/register-with-phone';
import { readRegistration } from '../utils/auth-storage';
import { applyServerFieldErrors, translateValidation } from '../utils/field-errors';
import { ConsentFields } from './consent-fields';
import { FormAlert } from './form-alert';
import { describedBy, FormField } from './form-field';
import { PhoneInput } from './phone-input';

const consent = (message: string) => z.boolean().refine((value) => value, message);
const ConsentFormFields = {
  phoneNumber: PhoneSchema,
  termsConsent: consent('Terms of Use must be accepted'),
  privacyConsent: consent('Privacy Policy must be accepted'),
};

/** /auth/register asks for the names too (spec §2); /auth/phone only for the number. */
export const SignUpWithNamesSchema = z.object({ name: FirstNameSchema, surname: LastNameSchema, ...ConsentFormFields });
export const SignUpSchema = z.object({
  name: z.string().optional(),
  surname: z.string().optional(),
  ...ConsentFormFields,
});
type SignUpValues = z.input<typeof SignUpSchema>;

export type SignUpStarted = CodeSent & { phoneNumber: string; name?: string; surname?: string };

type SignUpFormProps = {
  askNames: boolean;
  submitLabel: string;
  defaultPhoneNumber?: string;
  /** The code is on its way: the caller stores the flow and moves to the code step. */
  onCodeSent: (started: SignUpStarted) => void;
  /** The number belongs to a finished account. Default: say so, with a link to log in. */
  onPhoneRegistered?: (phoneNumber: string) => void;
};

/** Step 1 of phone sign-up: (name, surname,) phone and the two consents; texts the code. */
export function SignUpForm({
  askNames,
  submitLabel,
  defaultPhoneNumber = '',
  onCodeSent,
  onPhoneRegistered,
}: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const { toast } = useToast();
  const register = useRegisterWithPhone();
  const [registeredPhone, setRegisteredPhone] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(askNames ? SignUpWithNamesSchema : SignUpSchema),
    defaultValues: {
      name: '',
      surname: '',
      phoneNumber: defaultPhoneNumber,
      termsConsent: false,
      privacyConsent: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof SignUpValues) =>
    errors[field] ? translateValidation(t, errors[field]?.message, field) : undefined;

  const submit = form.handleSubmit(async (values) => {
    setRegisteredPhone(null);
    const phoneNumber = values.phoneNumber;
    const name = askNames ? values.name?.trim() : undefined;
    const surname = askNames ? values.surname?.trim() : undefined;
    try {
      const sent = await register.mutateAsync({
        phoneNumber,
        ...(name ? { name } : {}),
        ...(surname ? { surname } : {}),
        extraProperties: { termsConsent: true, privacyConsent: true },
      });
      onCodeSent({ ...sent, phoneNumber, name, surname });
    } catch (error) {
      if (isApiError(error) && error.code === 'PHONE_ALREADY_REGISTERED') {
        if (onPhoneRegistered) onPhoneRegistered(phoneNumber);
        else setRegisteredPhone(phoneNumber);
        return;
      }
      // A code went out less than a minute ago for this very sign-up: carry on with it.
      const pending = readRegistration();
      if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS' && pending?.phoneNumber === phoneNumber) {
        onCodeSent({ ...pending, name, surname });
        return;
      }
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
        const placed = applyServerFieldErrors(error, form.setError, {
          phoneNumber: 'phoneNumber',
          name: 'name',
          surname: 'surname',
          termsConsent: 'termsConsent',
          privacyConsent: 'privacyConsent',
        });
        if (placed) return;
      }
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  const phoneError = message('phoneNumber');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {registeredPhone ? (
        <FormAlert title={tErrors('PHONE_ALREADY_REGISTERED.title')}>
          <p>{tErrors('PHONE_ALREADY_REGISTERED.description')}</p>
          <LocalizedLink
            to={`/auth/login?phone=${encodeURIComponent(registeredPhone)}`}
            className="mt-1 inline-block font-semibold underline underline-offset-2"
          >
            {t('register.alreadyRegistered')}
          </LocalizedLink>
        </FormAlert>
      ) : null}
      {askNames ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="signup-name" label={t('fields.firstName')} error={message('name')}>
            <Input
              id="signup-name"
              autoComplete="given-name"
              autoFocus
              aria-invalid={message('name') ? true : undefined}
              aria-describedby={describedBy('signup-name', { error: message('name') })}
              {...form.register('name')}
            />
          </FormField>
          <FormField id="signup-surname" label={t('fields.lastName')} error={message('surname')}>
            <Input
              id="signup-surname"
              autoComplete="family-name"
              aria-invalid={message('surname') ? true : undefined}
              aria-describedby={describedBy('signup-surname', { error: message('surname') })}
              {...form.register('surname')}
            />
          </FormField>
        </div>
      ) : null}
      <FormField id="signup-phone" label={t('fields.phone')} error={phoneError} hint={t('fields.phoneHint')}>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field }) => (
            <PhoneInput
              id="signup-phone"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(phoneError)}
              aria-describedby={describedBy('signup-phone', { error: phoneError, hint: true })}
              autoFocus={!askNames}
            />
          )}
        />
      </FormField>
      <ConsentFields
        idPrefix="signup"
        termsProps={form.register('termsConsent')}
        privacyProps={form.register('privacyConsent')}
        termsError={message('termsConsent')}
        privacyError={message('privacyConsent')}
      />
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
