import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** spec §9: remember me keeps the session cookie 30 days; without it the cookie ends with the browser. */
export function RememberMeField({ id, ...inputProps }: { id: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
        {...inputProps}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-neutral-800">
          {t('fields.rememberMe')}
        </label>
        <p id={`${id}-hint`} className="text-neutral-500">
          {t('fields.rememberMeHint')}
        </p>
      </div>
    </div>
  );
}
