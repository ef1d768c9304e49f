import type { ExternalProvider } from '@marco/contract/auth';
import type { Locale } from '@marco/contract/locales';
import type { ExternalProviderInfo } from '@marco/contract/social-sign-in';

/** What a provider hands back: its token, and the name it gives only on a first sign-in (Apple). */
export type ProviderCredential = {
  token: string;
  userData?: { name?: string; surname?: string };
};

/** The user closed the provider's window or declined: not an error to report. */
export class SignInCancelled extends Error {
  override readonly name = 'SignInCancelled';
}

/** The browser blocked the provider's window; a second press (SDK now loaded) opens it. */
export class PopupBlocked extends Error {
  override readonly name = 'PopupBlocked';
}

/** The provider's SDK could not be loaded (offline, blocked by an extension). */
export class SdkUnavailable extends Error {
  override readonly name = 'SdkUnavailable';
}

export type ProviderClient = {
  /**
   * Asks the provider for a credential. Google shows its own button in `container` (and its
   * account chooser) the first time and resolves when the user has picked an account with
   * it; call again to wait for the next pick.
   */
  signIn(options: { container: HTMLElement | null }): Promise<ProviderCredential>;
};

// -- The provider SDKs' globals, as far as Marco uses them ----------------------------------

type GoogleIdApi = {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode: 'popup';
    use_fedcm_for_prompt: boolean;
    itp_support: boolean;
    context: 'signin';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'continue_with';
      shape: 'rectangular';
      logo_alignment: 'left';
      width: number;
      locale: string;
    },
  ): void;
  prompt(): void;
};

type FacebookAuthResponse = { accessToken?: string } | null;
type FacebookApi = {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(callback: (response: { status?: string; authResponse?: FacebookAuthResponse }) => void, options: object): void;
};

type AppleSignInResponse = {
  authorization?: { id_token?: string };
  user?: { name?: { firstName?: string; lastName?: string } };
};
type AppleApi = {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<AppleSignInResponse>;
  };
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
    FB?: FacebookApi;
    fbAsyncInit?: () => void;
    AppleID?: AppleApi;
  }
}

// -- Loading ---------------------------------------------------------------------------------

const FACEBOOK_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  tr: 'tr_TR',
  ar: 'ar_AR',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  ru: 'ru_RU',
};
const APPLE_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  tr: 'tr_TR',
  ar: 'ar_SA',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  ru: 'ru_RU',
};

/** The official SDKs; their hosts are the only third-party origins the page talks to (see the server's CSP). */
const sdkUrl: Record<ExternalProvider, (locale: Locale) => string> = {
  google: () => 'https://accounts.google.com/gsi/client',
  facebook: (locale) => `https://connect.facebook.net/${FACEBOOK_LOCALES[locale]}/sdk.js`,
  apple: (locale) =>
    `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${APPLE_LOCALES[locale]}/appleid.auth.js`,
};

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new SdkUnavailable(src));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

// -- Google Identity Services: an ID token from Google's own button or account chooser ---------

function googleClient(info: ExternalProviderInfo, locale: Locale): ProviderClient {
  const api = window.google?.accounts?.id;
  if (!api) throw new SdkUnavailable('google');
  let waiting: ((credential: ProviderCredential) => void) | null = null;
  api.initialize({
    client_id: info.clientId,
    callback: ({ credential }) => {
      if (credential) waiting?.({ token: credential });
    },
    ux_mode: 'popup',
    use_fedcm_for_prompt: true,
    itp_support: true,
    context: 'signin',
  });
  let rendered = false;
  return {
    signIn: ({ container }) =>
      new Promise<ProviderCredential>((resolve) => {
        waiting = resolve;
        // Later calls only wait for the next account the user picks with Google's button.
        if (container && !rendered) {
          rendered = true;
          // Google's button opens Google's window on the user's own click, which no browser blocks.
          api.renderButton(container, {
            type: 'standard',
            theme: 'outline',
            size: 'large',
            text: 'continue_with',
            shape: 'rectangular',
            logo_alignment: 'left',
            width: Math.max(200, Math.min(400, Math.round(container.getBoundingClientRect().width) || 320)),
            locale,
          });
          api.prompt();
        }
      }),
  };
}

// -- Facebook: an access token from FB.login ---------------------------------------------------

async function facebookClient(info: ExternalProviderInfo, locale: Locale): Promise<ProviderClient> {
  if (!window.FB) {
    const ready = new Promise<void>((resolve) => {
      window.fbAsyncInit = () => {
        window.FB?.init({ appId: info.clientId, version: 'v21.0', cookie: false, xfbml: false });
        resolve();
      };
    });
    await loadScript(sdkUrl.facebook(locale));
    await ready;
  }
  const api = window.FB;
  if (!api) throw new SdkUnavailable('facebook');
  return {
    signIn: () =>
      new Promise<ProviderCredential>((resolve, reject) => {
        api.login(
          (response) => {
            const token = response.authResponse?.accessToken;
            if (token) resolve({ token });
            else reject(new SignInCancelled('facebook'));
          },
          { scope: 'public_profile,email' },
        );
      }),
  };
}

// -- Sign in with Apple JS: an ID token from Apple's popup ---------------------------------------

function appleClient(info: ExternalProviderInfo): ProviderClient {
  const api = window.AppleID;
  if (!api) throw new SdkUnavailable('apple');
  api.auth.init({
    clientId: info.clientId,
    scope: 'name email',
    redirectURI: info.redirectUri ?? `${window.location.origin}/auth/login`,
    usePopup: true,
  });
  return {
    signIn: async () => {
      let response: AppleSignInResponse;
      try {
        response = await api.auth.signIn();
      } catch (error) {
        const reason = (error as { error?: string } | null)?.error;
        if (reason === 'popup_blocked_by_browser') throw new PopupBlocked('apple');
        throw new SignInCancelled(reason ?? 'apple');
      }
      const token = response.authorization?.id_token;
      if (!token) throw new SignInCancelled('apple');
      // Apple names the user only on the first sign-in, and only here, never in the token.
      const name = response.user?.name;
      return {
        token,
        userData: name ? { name: name.firstName || undefined, surname: name.lastName || undefined } : undefined,
      };
    },
  };
}

const clients = new Map<ExternalProvider, Promise<ProviderClient>>();

/**
 * Loads a provider's official SDK, once, and only when called: the login page calls it on
 * the user's click, so no provider learns of a visit that does not use it.
 */
export function loadProviderSdk(info: ExternalProviderInfo, locale: Locale): Promise<ProviderClient> {
  let client = clients.get(info.provider);
  if (!client) {
    client = (async () => {
      switch (info.provider) {
        case 'google':
          await loadScript(sdkUrl.google(locale));
          return googleClient(info, locale);
        case 'facebook':
          return facebookClient(info, locale);
        case 'apple':
          await loadScript(sdkUrl.apple(locale));
          return appleClient(info);
      }
    })();
    client.catch(() => clients.delete(info.provider));
    clients.set(info.provider, client);
  }
  return client;
}
