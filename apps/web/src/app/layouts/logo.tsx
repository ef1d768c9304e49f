import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo-mark';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';

/** The "Marco" wordmark linking to the home page of the current locale. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink
      to="/"
      aria-label={t('brand.homeLink')}
      className={cn('inline-flex items-center gap-2 rounded-control', className)}
    >
      <LogoMark />
      <span
        aria-hidden="true"
        className={cn('text-xl font-extrabold tracking-tight', inverted ? 'text-white' : 'text-neutral-900')}
      >
        {t('brand.name')}
      </span>
    </LocalizedLink>
  );
}
