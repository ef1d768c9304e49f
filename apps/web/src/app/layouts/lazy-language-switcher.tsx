import { ChevronDown, Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { controlClasses } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { LOCALE_NATIVE_NAMES } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

// Radix Select is about a fifth of the first paint's JavaScript budget: the switcher loads just
// after the page paints, and until then the same-looking control stands in its place.
const LanguageSwitcher = lazy(() => import('./language-switcher').then((m) => ({ default: m.LanguageSwitcher })));

export function LazyLanguageSwitcher({ className }: { className?: string }) {
  const locale = useLocale();
  const isHydrated = useHydrated();
  const placeholder = (
    <div
      aria-hidden="true"
      className={cn(
        controlClasses,
        'relative flex h-10 items-center gap-2 ps-3 pe-9 text-start text-sm sm:text-sm',
        className,
      )}
    >
      <Languages className="size-4 shrink-0 text-neutral-500" />
      <span lang={locale} className="truncate">
        {LOCALE_NATIVE_NAMES[locale]}
      </span>
      <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
    </div>
  );
  // The server sends the stand-in: Radix's control carries style attributes the page's CSP refuses.
  if (!isHydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageSwitcher className={className} />
    </Suspense>
  );
}
