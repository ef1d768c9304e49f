import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/input';
import { LocalizedLink } from '@/i18n/localized-link';

type ConsentCheckboxProps = {
  id: string;
  error?: string;
  label: ReactNode;
  inputProps: React.ComponentProps<'input'>;
};

function ConsentCheckbox({ id, error, label, inputProps }: ConsentCheckboxProps) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-neutral-700">
          {label}
        </label>
      </div>
      {error ? (
        <FieldError id={`${id}-error`} className="ms-8">
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

type ConsentFieldsProps = {
  idPrefix: string;
  termsProps: React.ComponentProps<'input'>;
  privacyProps: React.ComponentProps<'input'>;
  termsError?: string;
  privacyError?: string;
};

/**
 * Sign-up consents (spec §5): Terms of Use and Privacy Policy, both required. The links
 * open in a new tab so the form keeps what was typed.
 */
export function ConsentFields({ idPrefix, termsProps, privacyProps, termsError, privacyError }: ConsentFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t('consent.legend')}</legend>
      <ConsentCheckbox
        id={`${idPrefix}-terms`}
        error={termsError}
        inputProps={termsProps}
        label={
          <Trans
            t={t}
            i18nKey="consent.terms"
            components={{
              terms: <LocalizedLink to="/agreements" target="_blank" rel="noopener" className={linkClass} />,
            }}
          />
        }
      />
      <ConsentCheckbox
        id={`${idPrefix}-privacy`}
        error={privacyError}
        inputProps={privacyProps}
        label={
          <Trans
            t={t}
            i18nKey="consent.privacy"
            components={{
              privacy: <LocalizedLink to="/agreements#privacy" target="_blank" rel="noopener" className={linkClass} />,
            }}
          />
        }
      />
    </fieldset>
  );
}
