import { zodResolver } from '@hookform/resolvers/zod';
import { VerificationCodeSchema } from '@marco/contract/auth';
import { ExternalLink, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useRemainingTime } from '../hooks/use-remaining-time';
import { translateValidation } from '../utils/field-errors';
import { formatCountdown } from '../utils/format-countdown';
import { displayPhoneNumber } from '../utils/phone-number';
import { describedBy, FormField } from './form-field';

const CodeFormSchema = z.object({ code: VerificationCodeSchema });
type CodeForm = z.input<typeof CodeFormSchema>;

type VerifyCodeFormProps = {
  idPrefix: string;
  phoneNumber: string;
  codeExpiresAt: string;
  resendAvailableAt: string;
  /** While texts go to the dev outbox, link to it so a newcomer can read the code. */
  devOutbox: boolean;
  submitLabel: string;
  /** The sentence naming where the code went: the reset flow cannot say an account exists. */
  sentToKey?: 'verify.sentTo' | 'reset.sentTo';
  /** Checks the code; rejects with the API error for the form to show. */
  onVerify: (code: string) => Promise<void>;
  /** Texts a new code (the caller stores the new times). */
  onResend: () => Promise<void>;
  /** Where 'Change number' goes, or what it does. */
  changeNumberPath?: string;
  onChangeNumber?: () => void;
};

/**
 * The code step of sign-up, password reset and phone change (spec §4): the code, the
 * time it stays valid (days, hours, minutes, seconds) and a resend once allowed.
 */
export function VerifyCodeForm({
  idPrefix,
  phoneNumber,
  codeExpiresAt,
  resendAvailableAt,
  devOutbox,
  submitLabel,
  sentToKey = 'verify.sentTo',
  onVerify,
  onResend,
  changeNumberPath,
  onChangeNumber,
}: VerifyCodeFormProps) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const locale = useLocale();
  const expiresIn = useRemainingTime(codeExpiresAt);
  const resendIn = useRemainingTime(resendAvailableAt);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [isResending, setResending] = useState(false);
  const form = useForm<CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const codeId = `${idPrefix}-code`;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onVerify(code);
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_VERIFICATION_CODE') {
        const left = (error.details as { attemptsLeft?: unknown } | undefined)?.attemptsLeft;
        setAttemptsLeft(typeof left === 'number' ? left : null);
        form.setError('code', { type: 'server', message: 'Invalid verification code' }, { shouldFocus: true });
      } else if (isApiError(error) && error.code === 'VERIFICATION_CODE_EXPIRED') {
        setAttemptsLeft(null);
        form.setError('code', { type: 'expired' }, { shouldFocus: true });
      } else {
        toast({ color: 'error', ...describeError(error, tDefault) });
      }
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      form.reset({ code: '' });
      setAttemptsLeft(null);
      toast({ color: 'success', title: t('verify.resent') });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    } finally {
      setResending(false);
    }
  };

  const codeError = errors.code
    ? errors.code.type === 'expired'
      ? tDefault('VERIFICATION_CODE_EXPIRED.description', { ns: 'errors' })
      : [
          translateValidation(t, errors.code.message, 'code'),
          attemptsLeft !== null ? t('verify.attemptsLeft', { count: attemptsLeft }) : null,
        ]
          .filter(Boolean)
          .join(' ')
    : undefined;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-neutral-700">
        <Trans
          t={t}
          i18nKey={sentToKey}
          values={{ phone: displayPhoneNumber(phoneNumber) }}
          components={{ phone: <bdi dir="ltr" className="font-semibold whitespace-nowrap text-neutral-900" /> }}
        />
        {changeNumberPath ? (
          <>
            {' '}
            <LocalizedLink to={changeNumberPath} className="font-semibold text-brand-700 hover:underline">
              {t('verify.changeNumber')}
            </LocalizedLink>
          </>
        ) : onChangeNumber ? (
          <>
            {' '}
            <button type="button" onClick={onChangeNumber} className="font-semibold text-brand-700 hover:underline">
              {t('verify.changeNumber')}
            </button>
          </>
        ) : null}
      </p>

      {devOutbox ? (
        <div className="rounded-control border border-info-200 bg-info-50 p-3.5 text-sm text-info-800">
          <p>{t('verify.devOutboxNote')}</p>
          <a
            href="/api/dev/outbox"
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1.5 inline-flex items-center gap-1.5 font-semibold underline underline-offset-2"
          >
            {t('verify.devOutbox')}
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{t('verify.opensInNewTab')}</span>
          </a>
        </div>
      ) : null}

      <FormField id={codeId} label={t('fields.code')} error={codeError} hint={t('fields.codeHint')}>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={12}
          autoFocus
          aria-invalid={codeError ? true : undefined}
          aria-describedby={describedBy(codeId, { error: codeError, hint: true })}
          className="h-14 text-center text-2xl font-semibold tracking-[0.4em] tabular-nums sm:text-2xl"
          {...form.register('code')}
        />
      </FormField>

      <p role="timer" className={expiresIn > 0 ? 'text-sm text-neutral-600' : 'text-sm font-medium text-warning-700'}>
        {expiresIn > 0 ? t('verify.expiresIn', { time: formatCountdown(expiresIn, locale) }) : t('verify.expired')}
      </p>

      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>

      <div className="flex flex-col items-center gap-1 text-center text-sm text-neutral-600">
        <Button
          variant="link"
          onClick={resend}
          disabled={resendIn > 0}
          loading={isResending}
          className="gap-1.5 font-semibold"
        >
          <RotateCw aria-hidden="true" />
          {t('verify.resend')}
        </Button>
        {resendIn > 0 ? <p>{t('verify.resendIn', { time: formatCountdown(resendIn, locale) })}</p> : null}
      </div>
    </form>
  );
}
