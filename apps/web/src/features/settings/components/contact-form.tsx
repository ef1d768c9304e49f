import { zodResolver } from '@hookform/resolvers/zod';
import type { MyProfile } from '@marco/contract/accounts';
import { EmailSchema } from '@marco/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { applyServerFieldErrors, translateValidation } from '@/features/auth/utils/field-errors';
import { describeError } from '@/lib/describe-error';
import { useSaveProfile } from '../hooks/use-save-profile';
import { EmailStatus } from './email-status';

// An empty address removes it.
const ContactFormSchema = z.object({ email: z.union([z.literal(''), EmailSchema]) });
type ContactValues = z.input<typeof ContactFormSchema>;

/** The e-mail address, and whether it is confirmed. */
export function ContactForm({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const { save } = useSaveProfile();
  const form = useForm<ContactValues>({
    resolver: zodResolver(ContactFormSchema),
    values: { email: profile.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The server names its reason (e.g. the address is taken); the form's only rule is a valid address.
  const error = errors.email
    ? translateValidation(
        tAuth,
        errors.email.type === 'server' ? errors.email.message : 'Valid e-mail address required',
      )
    : undefined;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const saved = await save({ email: email.trim() || null }, profile.concurrencyStamp);
      // A new address gets a confirmation link right away.
      const isNewAddress = saved.email !== null && saved.email.toLowerCase() !== (profile.email ?? '').toLowerCase();
      toast({
        color: 'success',
        title: t('contact.saved'),
        description:
          isNewAddress && !saved.emailConfirmed ? t('contact.resentDescription', { email: saved.email }) : undefined,
      });
    } catch (saveError) {
      if (applyServerFieldErrors(saveError, form.setError, { email: 'email' })) return;
      toast({ color: 'error', ...describeError(saveError, tDefault) });
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <FormField id="contact-email" label={t('contact.email')} error={error} className="flex-1">
          <Input
            id="contact-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            placeholder={t('contact.emailPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('contact-email', { error })}
            className="rtl:text-end"
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" loading={isSubmitting} className="sm:mt-7">
          {t('contact.save')}
        </Button>
      </form>
      <EmailStatus profile={profile} />
    </div>
  );
}
