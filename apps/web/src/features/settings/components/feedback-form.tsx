import { zodResolver } from '@hookform/resolvers/zod';
import { CreateBugReportSchema } from '@marco/contract/accounts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { translateValidation } from '@/features/auth/utils/field-errors';
import { CLIENT_VERSION } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useCreateBugReport } from '../api/create-bug-report';

const FeedbackSchema = z.object({ description: CreateBugReportSchema.shape.description });
type FeedbackValues = z.input<typeof FeedbackSchema>;

/** A problem report (`report-client-bug-public/create`) with the page and app version. */
export function FeedbackForm() {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const location = useLocation();
  const report = useCreateBugReport();
  const form = useForm<FeedbackValues>({ resolver: zodResolver(FeedbackSchema), defaultValues: { description: '' } });
  const { errors, isSubmitting } = form.formState;
  const error = errors.description ? translateValidation(tAuth, errors.description.message) : undefined;

  const submit = form.handleSubmit(async ({ description }) => {
    try {
      await report.mutateAsync({ description, page: location.pathname, appVersion: CLIENT_VERSION });
      form.reset({ description: '' });
      toast({ color: 'success', title: t('feedback.sent'), description: t('feedback.sentDescription') });
    } catch (reportError) {
      toast({ color: 'error', ...describeError(reportError, tDefault) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="feedback-description" label={t('feedback.label')} error={error}>
        <Textarea
          id="feedback-description"
          rows={4}
          maxLength={4000}
          placeholder={t('feedback.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('feedback-description', { error })}
          {...form.register('description')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full sm:w-auto">
          {t('feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
