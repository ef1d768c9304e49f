import { LOCALES } from '@marco/contract/locales';
import { Check, ChevronDown, Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { controlClasses } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { LOCALE_NATIVE_NAMES, swapLocalePrefix } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

// Radix Select is about a fifth of the first paint's JavaScript budget: the switcher loads just
// after the page paints, and until then a native disclosure of links that looks the same stands
// in its place.
const LanguageSwitcher = lazy(() => import('./language-switcher').then((m) => ({ default: m.LanguageSwitcher })));

/**
 * The language switcher before the app runs: a `<details>` listing this page in each language
 * as a plain link, so a visitor without JavaScript, or one who taps it while the scripts are
 * still on their way, can switch too (issue 16). No hash in the links: the server never sees
 * one, and the client's first render must match the server's.
 */
function LanguageLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <details className={cn('group/languages relative', className)}>
      <summary
        className={cn(
          controlClasses,
          'relative flex h-10 cursor-pointer list-none items-center gap-2 ps-3 pe-9 text-start text-sm sm:text-sm [&::-webkit-details-marker]:hidden',
        )}
      >
        <span className="sr-only">{t('switchers.language')}: </span>
        <Languages aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
        <span lang={locale} className="truncate">
          {LOCALE_NATIVE_NAMES[locale]}
        </span>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500 transition-transform group-open/languages:rotate-180"
        />
      </summary>
      {/* In the phone menu the list opens in place; in the wide header it floats below the control. */}
      <ul className="mt-1 rounded-control border border-neutral-200 bg-surface p-1 text-neutral-800 shadow-overlay lg:absolute lg:end-0 lg:top-full lg:z-50 lg:min-w-full">
        {LOCALES.map((code) => (
          <li key={code}>
            <Link
              to={`${swapLocalePrefix(pathname, code)}${search}`}
              lang={code}
              hrefLang={code}
              aria-current={code === locale ? 'true' : undefined}
              className="relative flex items-center rounded-control py-2 ps-8 pe-3 text-sm hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-[current]:font-semibold"
            >
              {code === locale ? (
                <Check aria-hidden="true" className="absolute start-2 top-1/2 size-4 -translate-y-1/2" />
              ) : null}
              {LOCALE_NATIVE_NAMES[code]}
            </Link>
          </li>
        ))}
      </ul>
    </details>
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
