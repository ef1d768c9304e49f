import { directionOf, isLocale, LOCALES } from '@marco/contract/locales';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown, Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { controlClasses } from '@/components/ui/input';
import { LOCALE_NATIVE_NAMES, swapLocalePrefix } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

/**
 * Switches the interface language by swapping only the locale prefix: path, query and hash stay.
 * A listbox that opens first (Radix Select) rather than a native select: arrow keys on a
 * closed native select change its value, and here a change of value reloads the page in
 * another language (WCAG 3.2.2). Only Enter, Space or a click on an option chooses.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('switchers.language')}
      </label>
      <SelectPrimitive.Root
        value={locale}
        dir={directionOf(locale)}
        onValueChange={(next) => {
          if (!isLocale(next) || next === locale) return;
          navigate(`${swapLocalePrefix(location.pathname, next)}${location.search}${location.hash}`);
        }}
      >
        <SelectPrimitive.Trigger
          id={id}
          // Radix picks an option when letters are typed on the closed trigger; that too would switch at once.
          onKeyDown={(event) => {
            if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey)
              event.preventDefault();
          }}
          className={cn(
            controlClasses,
            'relative flex h-10 cursor-pointer items-center gap-2 ps-3 pe-9 text-start text-sm sm:text-sm',
            className,
          )}
        >
          <Languages aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
          <span lang={locale} className="truncate">
            <SelectPrimitive.Value />
          </span>
          <SelectPrimitive.Icon asChild>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500"
            />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            align="end"
            className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-control border border-neutral-200 bg-surface p-1 text-neutral-800 shadow-overlay"
          >
            <SelectPrimitive.Viewport>
              {LOCALES.map((code) => (
                <SelectPrimitive.Item
                  key={code}
                  value={code}
                  lang={code}
                  className="relative flex cursor-pointer select-none items-center rounded-control py-2 ps-8 pe-3 text-sm outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900 data-[state=checked]:font-semibold"
                >
                  <SelectPrimitive.ItemIndicator className="absolute start-2 inline-flex items-center">
                    <Check aria-hidden="true" className="size-4" />
                  </SelectPrimitive.ItemIndicator>
                  <SelectPrimitive.ItemText>{LOCALE_NATIVE_NAMES[code]}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </>
  );
}
