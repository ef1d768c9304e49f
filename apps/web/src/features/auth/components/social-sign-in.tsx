import type { ExternalProvider } from '@marco/contract/auth';
import type { ExternalProviderInfo } from '@marco/contract/social-sign-in';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/use-toast';
import { useLocale } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useExternalLogin } from '../api/external-login';
import { useExternalProviders } from '../api/get-external-providers';
import { SESSION_QUERY_KEY } from '../api/get-session';
import {
  loadProviderSdk,
  PopupBlocked,
  type ProviderClient,
  type ProviderCredential,
  SdkUnavailable,
  SignInCancelled,
} from '../social/load-provider-sdk';
import { serverFieldIssues, translateValidation } from '../utils/field-errors';
import { ConsentFields } from './consent-fields';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8Z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5a11 11 0 0 0 1.4-2.9 4.5 4.5 0 0 1-2.6-4.1ZM13.9 5.1A4.5 4.5 0 0 0 15 1.8a4.6 4.6 0 0 0-3 1.5 4.3 4.3 0 0 0-1.1 3.2c1.1.1 2.3-.6 3-1.4Z"
      />
    </svg>
  );
}

const ICONS: Record<ExternalProvider, ReactNode> = {
  google: <GoogleIcon />,
  facebook: <FacebookIcon />,
  apple: <AppleIcon />,
};

const PROVIDER_NAMES: Record<ExternalProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/** The server creates an account only with both consents; it names them when they are missing. */
const needsConsent = (error: unknown) =>
  isApiError(error) &&
  error.code === 'VALIDATION_FAILED' &&
  serverFieldIssues(error).some(({ field }) => field === 'termsConsent' || field === 'privacyConsent');

type PendingSignUp = { provider: ExternalProvider; credential: ProviderCredential };

/** Terms of Use and Privacy Policy, asked once: when a social sign-in would create the account. */
function SocialConsentDialog({
  pending,
  onAccept,
  onClose,
}: {
  pending: PendingSignUp | null;
  onAccept: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const formId = 'social-consent-form';

  const close = () => {
    setTerms(false);
    setPrivacy(false);
    setSubmitted(false);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!terms || !privacy) return;
    setSubmitting(true);
    try {
      await onAccept();
    } finally {
      setSubmitting(false);
      setTerms(false);
      setPrivacy(false);
      setSubmitted(false);
    }
  };

  return (
    <Dialog
      open={pending !== null}
      onClose={close}
      title={t('social.consentTitle')}
      description={pending ? t('social.consentIntro', { provider: PROVIDER_NAMES[pending.provider] }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('social.consentCancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {t('social.consentSubmit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <ConsentFields
          idPrefix="social-consent"
          termsProps={{ checked: terms, onChange: (event) => setTerms(event.currentTarget.checked) }}
          privacyProps={{ checked: privacy, onChange: (event) => setPrivacy(event.currentTarget.checked) }}
          termsError={submitted && !terms ? translateValidation(t, 'Terms of Use must be accepted') : undefined}
          privacyError={submitted && !privacy ? translateValidation(t, 'Privacy Policy must be accepted') : undefined}
        />
      </form>
    </Dialog>
  );
}

type SocialSignInProps = {
  rememberMe: boolean;
  onSignedIn: (result: { isNewUser: boolean }) => void;
};

/**
 * spec §2: sign in with Google, Facebook or Apple, for the providers the server is
 * configured for; none configured, none shown. A provider's SDK loads only when its button
 * is pressed. Closing the provider's window is no error; a first sign-in asks for consent.
 */
export function SocialSignIn({ rememberMe, onSignedIn }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const locale = useLocale();
  const providers = useExternalProviders();
  const externalLogin = useExternalLogin();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<ExternalProvider | null>(null);
  const [googleShown, setGoogleShown] = useState(false);
  const [signUp, setSignUp] = useState<PendingSignUp | null>(null);
  const googleSlot = useRef<HTMLDivElement>(null);

  const fail = (error: unknown, provider: ExternalProvider) => {
    if (error instanceof SignInCancelled) return;
    if (error instanceof PopupBlocked) {
      toast({ color: 'info', title: t('social.popupBlocked'), description: t('social.popupBlockedHint') });
      return;
    }
    if (error instanceof SdkUnavailable) {
      toast({
        color: 'error',
        title: t('social.unavailable', { provider: PROVIDER_NAMES[provider] }),
        description: t('social.unavailableHint'),
      });
      return;
    }
    toast({ color: 'error', ...describeError(error, tDefault) });
  };

  const submit = async (
    { provider, credential }: PendingSignUp,
    consents?: { termsConsent: true; privacyConsent: true },
  ) => {
    setLoading(provider);
    try {
      const result = await externalLogin.mutateAsync({
        provider,
        token: credential.token,
        userData: credential.userData,
        extraProperties: consents,
        rememberMe,
      });
      setSignUp(null);
      // First the page learns whether the account is new, then that the user is signed in.
      onSignedIn({ isNewUser: result.isNewUser ?? false });
      queryClient.setQueryData(SESSION_QUERY_KEY, result.user);
    } catch (error) {
      if (!consents && needsConsent(error)) {
        setSignUp({ provider, credential });
      } else {
        setSignUp(null);
        fail(error, provider);
      }
    } finally {
      setLoading(null);
    }
  };

  // Google's button stays on the page: each account picked with it is one more sign-in.
  const awaitGoogle = (client: ProviderClient) => {
    void client.signIn({ container: googleSlot.current }).then(async (credential) => {
      await submit({ provider: 'google', credential });
      awaitGoogle(client);
    });
  };

  const signInWith = async (info: ExternalProviderInfo) => {
    setLoading(info.provider);
    try {
      const client = await loadProviderSdk(info, locale);
      if (info.provider === 'google') {
        awaitGoogle(client);
        setGoogleShown(true);
        setLoading(null);
        return;
      }
      const credential = await client.signIn({ container: null });
      await submit({ provider: info.provider, credential });
    } catch (error) {
      fail(error, info.provider);
    } finally {
      setLoading((current) => (current === info.provider ? null : current));
    }
  };

  const configured = providers.data ?? [];
  if (configured.length === 0) return null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3 text-sm text-neutral-500" aria-hidden="true">
        <span className="h-px flex-1 bg-neutral-200" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-neutral-200" />
      </div>
      <div className="flex flex-col gap-3">
        {configured.map((info) => (
          <div key={info.provider}>
            {info.provider === 'google' ? (
              // Google draws its own button here once its SDK has loaded.
              <div ref={googleSlot} className="flex justify-center" data-testid="google-button-slot" />
            ) : null}
            {info.provider === 'google' && googleShown && loading === 'google' ? (
              <p role="status" className="mt-2 text-center text-sm text-neutral-600">
                {t('social.signingIn')}
              </p>
            ) : null}
            {info.provider === 'google' && googleShown ? null : (
              <Button
                variant="outline"
                className="relative w-full [&_svg]:size-5"
                loading={loading === info.provider}
                disabled={loading !== null && loading !== info.provider}
                onClick={() => void signInWith(info)}
              >
                <span className="absolute start-4 flex">{ICONS[info.provider]}</span>
                {t(`social.${info.provider}`)}
              </Button>
            )}
          </div>
        ))}
      </div>
      <SocialConsentDialog
        pending={signUp}
        onAccept={() => (signUp ? submit(signUp, { termsConsent: true, privacyConsent: true }) : Promise.resolve())}
        onClose={() => setSignUp(null)}
      />
    </div>
  );
}
