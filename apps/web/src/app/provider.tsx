import type { CurrencyCode } from '@marco/contract/reference';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '@/components/ui/toast';
import { i18n as appI18n } from '@/i18n/i18n';
import { RenderedConsentBannerContext } from '@/lib/consent';
import { DEFAULT_CURRENCY, RenderedCurrencyContext } from '@/lib/currency';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** The server renders each request with an instance of its own language (entry-server.tsx). */
  i18n?: I18n;
  /** The currency the server rendered prices in, which hydration must render too. */
  renderedCurrency?: CurrencyCode;
  /** Whether the server rendered the cookie banner, which hydration must render too. */
  renderedConsentBanner?: boolean;
}

export function AppProvider({
  queryClient,
  children,
  i18n = appI18n,
  renderedCurrency = DEFAULT_CURRENCY,
  renderedConsentBanner = false,
}: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RenderedCurrencyContext.Provider value={renderedCurrency}>
          <RenderedConsentBannerContext.Provider value={renderedConsentBanner}>
            <ToastProvider>{children}</ToastProvider>
          </RenderedConsentBannerContext.Provider>
        </RenderedCurrencyContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
