import { LOCALES } from '@marco/contract/locales';
import { Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHydrated } from '@/hooks/use-hydrated';
import { LOCALE_NATIVE_NAMES, swapLocalePrefix } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { LinkDisclosure } from './link-disclosure';

// Radix Select is about a fifth of the first paint's JavaScript budget: the switcher loads just
// after the page paints, and until then a native disclosure of links that looks the same
// (LinkDisclosure) stands in its place.
const LanguageSwitcher = lazy(() => import('./language-switcher').then((m) => ({ default: m.LanguageSwitcher })));

/**
 * The language switcher before the app runs: this page in each language, as plain links. No
 * hash in the links: the server never sees one, and the client's first render must match.
 */
function LanguageLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <LinkDisclosure
      label={t('switchers.language')}
      icon={<Languages aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />}
      summary={
        <span lang={locale} className="truncate">
          {LOCALE_NATIVE_NAMES[locale]}
        </span>
      }
      links={LOCALES.map((code) => ({
        key: code,
        href: `${swapLocalePrefix(pathname, code)}${search}`,
        label: LOCALE_NATIVE_NAMES[code],
        isCurrent: code === locale,
        lang: code,
      }))}
      className={className}
    />
  );
}

export function LazyLanguageSwitcher({ className }: { className?: string }) {
  const isHydrated = useHydrated();
  const links = <LanguageLinks className={className} />;
  // The server sends the links: Radix's control carries style attributes the page's CSP refuses.
  if (!isHydrated) return links;
  return (
    <Suspense fallback={links}>
      <LanguageSwitcher className={className} />
    </Suspense>
  );
}
