import type { ExternalProvider } from '@marco/contract/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useExternalLogin } from '../api/external-login';

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

const PROVIDERS: ReadonlyArray<{ id: ExternalProvider; icon: ReactNode }> = [
  { id: 'google', icon: <GoogleIcon /> },
  { id: 'facebook', icon: <FacebookIcon /> },
  { id: 'apple', icon: <AppleIcon /> },
];

/**
 * A provider's sign-in token from its own SDK (Google Identity Services, the Facebook SDK,
 * Sign in with Apple). The web app loads no provider SDK: the client ids live in the
 * server's configuration and no call publishes them yet, so there is no token to get.
 */
async function getProviderToken(_provider: ExternalProvider): Promise<string | null> {
  return null;
}

type SocialSignInProps = {
  rememberMe: boolean;
  onSignedIn: (result: { isNewUser: boolean }) => void;
};

/** spec §2: sign in with Google, Facebook or Apple. Never claims a sign-in that did not happen. */
export function SocialSignIn({ rememberMe, onSignedIn }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const externalLogin = useExternalLogin();

  const signInWith = async (provider: ExternalProvider) => {
    try {
      const token = await getProviderToken(provider);
      if (!token) {
        throw new ApiError(501, 'SOCIAL_LOGIN_NOT_CONFIGURED', `Sign-in with ${provider} is not configured`);
      }
      const result = await externalLogin.mutateAsync({ provider, token, rememberMe });
      onSignedIn({ isNewUser: result.isNewUser ?? false });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {PROVIDERS.map(({ id, icon }) => (
        <Button
          key={id}
          variant="outline"
          className="relative w-full [&_svg]:size-5"
          loading={externalLogin.isPending && externalLogin.variables?.provider === id}
          onClick={() => void signInWith(id)}
        >
          <span className="absolute start-4 flex">{icon}</span>
          {t(`social.${id}`)}
        </Button>
      ))}
    </div>
  );
}
