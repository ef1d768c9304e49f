import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@marco/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { applyServerFieldErrors, translateValidation } from '../utils/field-errors';
import { describedBy, FormField } from './form-field';
import { PasswordInput } from './password-input';
import { RememberMeField } from './remember-me-field';

/** spec §5: at least 8 characters, typed twice. */
export const NewPasswordFormSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string(),
    rememberMe: z.boolean().optional(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type NewPasswordValues = z.input<typeof NewPasswordFormSchema>;

type NewPasswordFormProps = {
  idPrefix: string;
  submitLabel: string;
  /** Sign-up ends signed in: offer the 30-day cookie. */
  withRememberMe?: boolean;
  onSubmit: (values: { password: string; rememberMe: boolean }) => Promise<void>;
  /** Errors that are not about the password fields; default: an error toast. */
  onFailure?: (error: unknown) => void;
};

/** A new password and its confirmation (sign-up and password reset). */
export function NewPasswordForm({
  idPrefix,
  submitLabel,
  withRememberMe = false,
  onSubmit,
  onFailure,
}: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;
  const passwordError = errors.password ? translateValidation(t, errors.password.message) : undefined;
  const confirmError = errors.confirmPassword ? translateValidation(t, errors.confirmPassword.message) : undefined;
  const ids = { password: `${idPrefix}-password`, confirm: `${idPrefix}-confirm`, remember: `${idPrefix}-remember` };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ password: values.password, rememberMe: values.rememberMe ?? false });
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, { password: 'password', newPassword: 'password' });
      if (placed) return;
      if (onFailure) onFailure(error);
      else toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormField
        id={ids.password}
        label={t('fields.newPassword')}
        error={passwordError}
        hint={t('fields.passwordHint')}
      >
        <PasswordInput
          id={ids.password}
          autoComplete="new-password"
          autoFocus
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy(ids.password, { error: passwordError, hint: true })}
          {...form.register('password')}
        />
      </FormField>
      <FormField id={ids.confirm} label={t('fields.confirmPassword')} error={confirmError}>
        <PasswordInput
          id={ids.confirm}
          autoComplete="new-password"
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={describedBy(ids.confirm, { error: confirmError })}
          {...form.register('confirmPassword')}
        />
      </FormField>
      {withRememberMe ? <RememberMeField id={ids.remember} {...form.register('rememberMe')} /> : null}
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
