import { isLocale, LOCALES } from '@marco/contract/locales';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Select } from '@/components/ui/select';
import { LOCALE_NATIVE_NAMES, swapLocalePrefix } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

/** Switches the interface language by swapping only the locale prefix: path, query and hash stay. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('switchers.language')}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 z-10 size-4 -translate-y-1/2 text-neutral-500"
      />
      <Select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          navigate(`${swapLocalePrefix(location.pathname, next)}${location.search}${location.hash}`);
        }}
        className="h-10 ps-9 text-sm sm:text-sm"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NATIVE_NAMES[code]}
          </option>
        ))}
      </Select>
    </div>
  );
}
