import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPassword, ForgotPasswordSchema } from '@marco/contract/auth';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocalePath } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useForgotPassword } from '../api/forgot-password';
import { AuthPage } from '../components/auth-page';
import { describedBy, FormField } from '../components/form-field';
import { PhoneInput } from '../components/phone-input';
import { readReset, saveReset } from '../utils/auth-storage';
import { applyServerFieldErrors, translateValidation } from '../utils/field-errors';

/**
 * Forgotten password, step 1: the account's phone number gets a reset code. The server answers
 * alike whether the number has an account or not, so the next step always follows.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [params] = useSearchParams();
  const forgotPassword = useForgotPassword();
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { phoneNumber: params.get('phone') ?? readReset()?.phoneNumber ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const phoneError = errors.phoneNumber ? translateValidation(t, errors.phoneNumber.message) : undefined;

  const submit = form.handleSubmit(async ({ phoneNumber }) => {
    try {
      const sent = await forgotPassword.mutateAsync({ phoneNumber });
      saveReset({ ...sent, phoneNumber });
      await navigate(localize('/auth/reset-password'));
    } catch (error) {
      // A code went out less than a minute ago for this number: use it.
      const pending = readReset();
      if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS' && pending?.phoneNumber === phoneNumber) {
        await navigate(localize('/auth/reset-password'));
        return;
      }
      if (applyServerFieldErrors(error, form.setError, { phoneNumber: 'phoneNumber' })) return;
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  return (
    <AuthPage
      title={tPages('forgotPassword.title')}
      intro={tPages('forgotPassword.intro')}
      footer={
        <LocalizedLink to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          {t('forgot.backToLogin')}
        </LocalizedLink>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormField id="forgot-phone" label={t('fields.phone')} error={phoneError}>
          <Controller
            control={form.control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneInput
                id="forgot-phone"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                invalid={Boolean(phoneError)}
                aria-describedby={describedBy('forgot-phone', { error: phoneError })}
                autoFocus
              />
            )}
          />
        </FormField>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
