import { zodResolver } from '@hookform/resolvers/zod';
import { CurrentPasswordSchema, PasswordSchema } from '@marco/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { applyServerFieldErrors, translateValidation } from '@/features/auth/utils/field-errors';
import { describeError } from '@/lib/describe-error';
import { useChangePassword } from '../api/change-password';

const ChangePasswordFormSchema = z
  .object({ currentPassword: CurrentPasswordSchema, newPassword: PasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type ChangePasswordValues = z.input<typeof ChangePasswordFormSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice; the user's other devices are logged out. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof ChangePasswordValues) =>
    errors[field] ? translateValidation(tAuth, errors[field]?.message, field) : undefined;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ color: 'success', title: t('security.changed'), description: t('security.changedDescription') });
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, {
        currentPassword: 'currentPassword',
        newPassword: 'newPassword',
      });
      if (!placed) toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  const fields = [
    { name: 'currentPassword', label: t('security.currentPassword'), autoComplete: 'current-password' },
    { name: 'newPassword', label: tAuth('fields.newPassword'), autoComplete: 'new-password' },
    { name: 'confirmPassword', label: tAuth('fields.confirmPassword'), autoComplete: 'new-password' },
  ] as const;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {fields.map(({ name, label, autoComplete }) => {
        const id = `security-${name}`;
        const hint = name === 'newPassword' ? tAuth('fields.passwordHint') : undefined;
        return (
          <FormField key={name} id={id} label={label} error={message(name)} hint={hint}>
            <PasswordInput
              id={id}
              autoComplete={autoComplete}
              aria-invalid={message(name) ? true : undefined}
              aria-describedby={describedBy(id, { error: message(name), hint })}
              {...form.register(name)}
            />
          </FormField>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          {t('security.submit')}
        </Button>
      </div>
    </form>
  );
}
