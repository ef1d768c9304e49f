import { EMAIL_CONFIRMATION_PARAM } from '@marco/contract/email-confirmation';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/features/auth/components/form-alert';
import { isApiError } from '@/lib/api-client';
import { useConfirmEmail } from '../api/email-confirmation';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'expired' | 'invalid' };

/**
 * Confirms the e-mail address when the settings page is opened from the link in the
 * confirmation e-mail, `/settings?confirm-email=<token>` (no route of its own: spec §2
 * fixes the routes), then takes the token out of the address bar (it works once; a reload must not
 * try it again) and says how it went.
 */
export function EmailConfirmationNotice() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const token = params.get(EMAIL_CONFIRMATION_PARAM);
  const confirm = useConfirmEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    setOutcome({ state: 'confirming' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CONFIRMATION_PARAM);
        return next;
      },
      { replace: true },
    );
    confirm.mutate(token, {
      onSuccess: (profile) => setOutcome({ state: 'confirmed', email: profile.email ?? '' }),
      onError: (error) =>
        setOutcome({
          state: isApiError(error) && error.code === 'VERIFICATION_CODE_EXPIRED' ? 'expired' : 'invalid',
        }),
    });
  }, [token, setParams, confirm.mutate]);

  if (!outcome) return null;
  if (outcome.state === 'confirming') {
    return (
      <div role="status" className="flex items-center gap-3 text-sm text-neutral-700">
        <Spinner />
        {t('emailConfirmation.confirming')}
      </div>
    );
  }
  if (outcome.state === 'confirmed') {
    return (
      <FormAlert tone="success" title={t('emailConfirmation.confirmed')}>
        {t('emailConfirmation.confirmedDescription', { email: outcome.email })}
      </FormAlert>
    );
  }
  return (
    <FormAlert title={t(`emailConfirmation.${outcome.state}`)}>
      {t(`emailConfirmation.${outcome.state}Description`)}
    </FormAlert>
  );
}
