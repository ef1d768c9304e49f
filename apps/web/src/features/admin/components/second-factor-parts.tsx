import { CircleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';

/** The narrow card the sign-in steps of staff sit in. */
export function StaffStepCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
      <div className="rounded-card border border-neutral-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-neutral-900">{title}</h1>
        <p className="mt-3 leading-relaxed text-neutral-600">{intro}</p>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}

/** A refused code or any other failure, in words. */
export function StepError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const { t: tDefault } = useTranslation();
  let title: string;
  let description: string;
  if (isApiError(error) && error.code === 'INVALID_VERIFICATION_CODE') {
    title = t('secondFactor.wrongCode.title');
    description = t('secondFactor.wrongCode.text');
  } else {
    ({ title, description } = describeError(error, tDefault));
  }
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-card border border-error-200 bg-error-50 p-4 text-error-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm opacity-90">{description}</p>
      </div>
    </div>
  );
}

type CodeFormProps = {
  kind: 'totp' | 'recovery';
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (value: string) => void;
};

/** One field: the 6-digit code from the app, or a recovery code. */
export function CodeForm({ kind, submitLabel, pending, error, onSubmit }: CodeFormProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [value, setValue] = useState('');
  const isTotp = kind === 'totp';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error ? <StepError error={error} /> : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>{isTotp ? t('secondFactor.codeLabel') : t('secondFactor.recoveryLabel')}</Label>
        <Input
          id={id}
          name={isTotp ? 'code' : 'recoveryCode'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete={isTotp ? 'one-time-code' : 'off'}
          inputMode={isTotp ? 'numeric' : 'text'}
          pattern={isTotp ? '[0-9 ]*' : undefined}
          maxLength={isTotp ? 7 : 12}
          dir="ltr"
          className="text-center font-mono text-xl tracking-[0.3em]"
          aria-describedby={`${id}-hint`}
          required
        />
        <p id={`${id}-hint`} className="text-sm text-neutral-500">
          {isTotp ? t('secondFactor.codeHint') : t('secondFactor.recoveryHint')}
        </p>
      </div>
      <Button type="submit" size="lg" loading={pending} disabled={!value.trim()}>
        {submitLabel}
      </Button>
    </form>
  );
}
