import { zodResolver } from '@hookform/resolvers/zod';
import { type CodeSent, PhoneSchema } from '@marco/contract/auth';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BackLink } from '@/components/layouts/back-link';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { PhoneInput } from '@/features/auth/components/phone-input';
import { VerifyCodeForm } from '@/features/auth/components/verify-code-form';
import { useUser } from '@/features/auth/hooks/use-user';
import { applyServerFieldErrors, translateValidation } from '@/features/auth/utils/field-errors';
import { displayPhoneNumber } from '@/features/auth/utils/phone-number';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/describe-error';
import { useChangePhoneNumber } from '../api/change-phone-number';
import { useSendNewPhoneCode } from '../api/send-new-phone-code';

type Step =
  | { name: 'enter' }
  | { name: 'verify'; phoneNumber: string; sent: CodeSent }
  | { name: 'done'; phoneNumber: string };

const NewPhoneSchema = z.object({ phoneNumber: PhoneSchema });
type NewPhoneValues = z.input<typeof NewPhoneSchema>;

function StepIndicator({ current }: { current: Step['name'] }) {
  const { t } = useTranslation('settings');
  const steps = ['enter', 'verify', 'done'] as const;
  const index = steps.indexOf(current);
  return (
    <ol className="mb-6 flex items-center gap-2 text-sm">
      {steps.map((step, position) => (
        <li key={step} className="flex flex-1 flex-col gap-1.5" aria-current={step === current ? 'step' : undefined}>
          <span className={cn('h-1.5 rounded-full', position <= index ? 'bg-brand-600' : 'bg-neutral-200')} />
          <span className={position === index ? 'font-semibold text-neutral-900' : 'text-neutral-500'}>
            {t(`changePhone.steps.${step}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function NewPhoneForm({
  defaultPhoneNumber,
  onSent,
}: {
  defaultPhoneNumber: string;
  onSent: (phoneNumber: string, sent: CodeSent) => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const { toast } = useToast();
  const { user } = useUser();
  const sendCode = useSendNewPhoneCode();
  const form = useForm<NewPhoneValues>({
    resolver: zodResolver(NewPhoneSchema),
    defaultValues: { phoneNumber: defaultPhoneNumber },
  });
  const { errors, isSubmitting } = form.formState;
  const phoneError =
    errors.phoneNumber?.type === 'taken'
      ? tErrors('PHONE_ALREADY_REGISTERED.title')
      : errors.phoneNumber
        ? translateValidation(tAuth, errors.phoneNumber.message)
        : undefined;

  const submit = form.handleSubmit(async ({ phoneNumber }) => {
    if (!user) return;
    try {
      onSent(phoneNumber, await sendCode.mutateAsync({ userId: user.id, phoneNumber }));
    } catch (error) {
      if (isApiError(error) && error.code === 'PHONE_ALREADY_REGISTERED') {
        form.setError('phoneNumber', { type: 'taken' }, { shouldFocus: true });
        return;
      }
      if (applyServerFieldErrors(error, form.setError, { phoneNumber: 'phoneNumber' })) return;
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {user?.phoneNumber ? (
        <p className="text-sm text-neutral-600">
          {t('changePhone.current')}:{' '}
          <bdi dir="ltr" className="font-semibold text-neutral-900">
            {displayPhoneNumber(user.phoneNumber)}
          </bdi>
        </p>
      ) : null}
      <FormField id="new-phone" label={t('changePhone.newPhone')} error={phoneError} hint={tAuth('fields.phoneHint')}>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field }) => (
            <PhoneInput
              id="new-phone"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(phoneError)}
              aria-describedby={describedBy('new-phone', { error: phoneError, hint: true })}
              autoFocus
            />
          )}
        />
      </FormField>
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {t('changePhone.sendCode')}
      </Button>
    </form>
  );
}

/** `/settings/change-phone` (spec §2): new number → verify with the texted code → success. */
export function ChangePhonePage() {
  const { t } = useTranslation('settings');
  const { t: tPages } = useTranslation('pages');
  const { user } = useUser();
  const sendCode = useSendNewPhoneCode();
  const changePhone = useChangePhoneNumber();
  const [step, setStep] = useState<Step>({ name: 'enter' });
  const [lastNumber, setLastNumber] = useState('');
  if (!user) return null;

  return (
    <PageShell className="max-w-xl">
      <BackLink to="/settings">{t('backToSettings')}</BackLink>
      <PageIntro title={tPages('settingsChangePhone.title')} intro={tPages('settingsChangePhone.intro')} />
      <Card className="mt-10 p-5 sm:p-8">
        <StepIndicator current={step.name} />
        {step.name === 'enter' ? (
          <NewPhoneForm
            defaultPhoneNumber={lastNumber}
            onSent={(phoneNumber, sent) => {
              setLastNumber(phoneNumber);
              setStep({ name: 'verify', phoneNumber, sent });
            }}
          />
        ) : step.name === 'verify' ? (
          <>
            <h2 className="mb-4 text-lg font-semibold text-neutral-900">{t('changePhone.verifyTitle')}</h2>
            <VerifyCodeForm
              idPrefix="change-phone"
              phoneNumber={step.phoneNumber}
              codeExpiresAt={step.sent.codeExpiresAt}
              resendAvailableAt={step.sent.resendAvailableAt}
              devOutbox={step.sent.devOutbox}
              submitLabel={t('changePhone.confirm')}
              onVerify={async (code) => {
                await changePhone.mutateAsync({ phoneNumber: step.phoneNumber, code });
                setStep({ name: 'done', phoneNumber: step.phoneNumber });
              }}
              onResend={async () => {
                const sent = await sendCode.mutateAsync({ userId: user.id, phoneNumber: step.phoneNumber });
                setStep({ ...step, sent });
              }}
              onChangeNumber={() => setStep({ name: 'enter' })}
            />
          </>
        ) : (
          <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
            <CircleCheck aria-hidden="true" className="size-12 text-success-600" />
            <h2 className="text-xl font-semibold text-neutral-900">{t('changePhone.doneTitle')}</h2>
            <p className="text-neutral-600">
              <Trans
                t={t}
                i18nKey="changePhone.doneDescription"
                values={{ phone: displayPhoneNumber(step.phoneNumber) }}
                components={{ phone: <bdi dir="ltr" className="font-semibold whitespace-nowrap text-neutral-900" /> }}
              />
            </p>
            <ButtonLink to="/settings" className="mt-3">
              {t('backToSettings')}
            </ButtonLink>
          </div>
        )}
      </Card>
    </PageShell>
  );
}
