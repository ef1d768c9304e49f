import { zodResolver } from '@hookform/resolvers/zod';
import { FirstNameSchema, LastNameSchema } from '@marco/contract/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useLocalePath } from '@/i18n/use-locale';
import { describeError } from '@/lib/describe-error';
import { useUpdateUserDetail } from '../api/update-user-detail';
import { AuthPage } from '../components/auth-page';
import { describedBy, FormField } from '../components/form-field';
import { useUser } from '../hooks/use-user';
import { clearRegistration, readRegistration } from '../utils/auth-storage';
import { applyServerFieldErrors, translateValidation } from '../utils/field-errors';
import { loginPath } from '../utils/return-to';

const OnboardSchema = z.object({ name: FirstNameSchema, surname: LastNameSchema });
type OnboardValues = z.input<typeof OnboardSchema>;

/** Sign-up step 4 of 4: 'What should we call you?' (also after a new social sign-in). */
export function PhoneOnboardPage() {
  const { t } = useTranslation('auth');
  const { t: tPages } = useTranslation('pages');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { user, isLoading } = useUser();
  const flow = readRegistration();
  const updateDetail = useUpdateUserDetail();
  const form = useForm<OnboardValues>({
    resolver: zodResolver(OnboardSchema),
    values: { name: user?.name ?? flow?.name ?? '', surname: user?.surname ?? flow?.surname ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof OnboardValues) =>
    errors[field] ? translateValidation(t, errors[field]?.message, field) : undefined;

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={tDefault('status.loading')} />
      </div>
    );
  }
  if (!user) return <Navigate replace to={localize(loginPath('/auth/phone/onboard'))} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateDetail.mutateAsync({ name: values.name, surname: values.surname });
      clearRegistration();
      toast({ color: 'success', title: t('onboard.welcome', { name: saved.name ?? values.name }) });
      await navigate(localize(flow?.returnTo ?? '/'));
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, { name: 'name', surname: 'surname' });
      if (!placed) toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  return (
    <AuthPage step={{ current: 4, total: 4 }} title={tPages('phoneOnboard.title')} intro={tPages('phoneOnboard.intro')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormField id="onboard-name" label={t('fields.firstName')} error={message('name')}>
          <Input
            id="onboard-name"
            autoComplete="given-name"
            autoFocus
            aria-invalid={message('name') ? true : undefined}
            aria-describedby={describedBy('onboard-name', { error: message('name') })}
            {...form.register('name')}
          />
        </FormField>
        <FormField id="onboard-surname" label={t('fields.lastName')} error={message('surname')}>
          <Input
            id="onboard-surname"
            autoComplete="family-name"
            aria-invalid={message('surname') ? true : undefined}
            aria-describedby={describedBy('onboard-surname', { error: message('surname') })}
            {...form.register('surname')}
          />
        </FormField>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('onboard.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
