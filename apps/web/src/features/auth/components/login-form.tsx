import { zodResolver } from '@hookform/resolvers/zod';
import { type Login, LoginSchema } from '@marco/contract/auth';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useSignIn } from '../api/sign-in';
import { useRemainingTime } from '../hooks/use-remaining-time';
import { applyServerFieldErrors, translateValidation } from '../utils/field-errors';
import { formatCountdown } from '../utils/format-countdown';
import { FormAlert } from './form-alert';
import { describedBy, FormField } from './form-field';
import { PasswordInput } from './password-input';
import { PhoneInput } from './phone-input';
import { RememberMeField } from './remember-me-field';
import { SocialSignIn } from './social-sign-in';

/** spec §4: the login outcomes besides success. */
export type LoginOutcome =
  | { kind: 'failed' }
  | { kind: 'locked'; until: string | null }
  | { kind: 'tooManyAttempts'; retryAt: string | null }
  | { kind: 'error'; error: unknown };

/** Tells the login outcomes apart from the server's answer. */
export function loginOutcomeOf(error: unknown, now = Date.now()): LoginOutcome {
  if (!isApiError(error)) return { kind: 'error', error };
  const details = (error.details ?? {}) as { lockedUntil?: unknown; retryAfterSeconds?: unknown };
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return { kind: 'failed' };
    case 'ACCOUNT_LOCKED':
      return { kind: 'locked', until: typeof details.lockedUntil === 'string' ? details.lockedUntil : null };
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null;
      return {
        kind: 'tooManyAttempts',
        retryAt: seconds === null ? null : new Date(now + seconds * 1000).toISOString(),
      };
    }
    default:
      return { kind: 'error', error };
  }
}

function TooManyAttemptsAlert({ retryAt }: { retryAt: string | null }) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const locale = useLocale();
  const remaining = useRemainingTime(retryAt);
  return (
    <FormAlert title={tErrors('TOO_MANY_ATTEMPTS.title')}>
      <span role="timer">
        {retryAt === null
          ? tErrors('TOO_MANY_ATTEMPTS.description')
          : remaining > 0
            ? t('login.tooManyWait', { time: formatCountdown(remaining, locale) })
            : t('login.tryAgainNow')}
      </span>
    </FormAlert>
  );
}

function OutcomeAlert({ outcome }: { outcome: LoginOutcome }) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const locale = useLocale();
  switch (outcome.kind) {
    case 'failed':
      return (
        <FormAlert title={tErrors('INVALID_CREDENTIALS.title')}>{tErrors('INVALID_CREDENTIALS.description')}</FormAlert>
      );
    case 'locked': {
      const until = outcome.until
        ? new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(outcome.until))
        : null;
      return (
        <FormAlert title={tErrors('ACCOUNT_LOCKED.title')}>
          {until ? t('login.lockedUntil', { time: until }) : tErrors('ACCOUNT_LOCKED.description')}
        </FormAlert>
      );
    }
    case 'tooManyAttempts':
      return <TooManyAttemptsAlert retryAt={outcome.retryAt} />;
    default: {
      const { title, description } = describeError(outcome.error, tDefault);
      return <FormAlert title={title}>{description}</FormAlert>;
    }
  }
}

type LoginFormProps = {
  defaultPhoneNumber?: string;
  /** A note above the form (e.g. the number already has an account). */
  notice?: string;
  /** After a social sign-in that created the account: onboarding. */
  onNewSocialAccount: () => void;
};

/** Phone, password and remember me, then Google, Facebook or Apple where configured (spec §2). */
export function LoginForm({ defaultPhoneNumber = '', notice, onNewSocialAccount }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const [outcome, setOutcome] = useState<LoginOutcome | null>(null);
  const form = useForm<Login, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { phoneNumber: defaultPhoneNumber, password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;
  const rememberMe = form.watch('rememberMe') ?? false;
  const phoneError = errors.phoneNumber ? translateValidation(t, errors.phoneNumber.message) : undefined;
  const passwordError = errors.password ? translateValidation(t, errors.password.message) : undefined;

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      // The session query now holds the user: the page moves on by itself.
      await signIn.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
        const placed = applyServerFieldErrors(error, form.setError, {
          phoneNumber: 'phoneNumber',
          password: 'password',
        });
        if (placed) return;
      }
      setOutcome(loginOutcomeOf(error));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t('login.submit')}>
        {notice ? <FormAlert tone="info" title={notice} /> : null}
        {outcome ? <OutcomeAlert outcome={outcome} /> : null}
        <FormField id="login-phone" label={t('fields.phone')} error={phoneError}>
          <Controller
            control={form.control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneInput
                id="login-phone"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                invalid={Boolean(phoneError)}
                aria-describedby={describedBy('login-phone', { error: phoneError })}
                autoFocus={!defaultPhoneNumber}
              />
            )}
          />
        </FormField>
        <FormField
          id="login-password"
          label={t('fields.password')}
          error={passwordError}
          labelAction={
            <LocalizedLink to="/auth/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
              {t('login.forgotPassword')}
            </LocalizedLink>
          }
        >
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            autoFocus={Boolean(defaultPhoneNumber)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy('login-password', { error: passwordError })}
            {...form.register('password')}
          />
        </FormField>
        <RememberMeField id="login-remember" {...form.register('rememberMe')} />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('login.submit')}
        </Button>
      </form>
      <SocialSignIn
        rememberMe={rememberMe}
        onSignedIn={({ isNewUser }) => {
          if (isNewUser) onNewSocialAccount();
        }}
      />
    </div>
  );
}
