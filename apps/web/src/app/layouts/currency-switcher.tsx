import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Select } from '@/components/ui/select';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { CURRENCIES, currencyChoiceHref, currencyLabel, isCurrencyCode, useCurrency } from '@/lib/currency';
import { LinkDisclosure } from './link-disclosure';

/** USD, TL or EUR; remembered in the `currency` cookie (and localStorage). */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [currency, setCurrency] = useCurrency();
  const { pathname, search } = useLocation();
  const isHydrated = useHydrated();
  // Until the app runs, a change of the select would do nothing (and hydration would undo it):
  // links to the server's currency route, which sets the cookie and comes back to this page.
  if (!isHydrated) {
    return (
      <LinkDisclosure
        label={t('switchers.currency')}
        summary={currencyLabel(currency)}
        links={CURRENCIES.map((code) => ({
          key: code,
          href: currencyChoiceHref(code, `${pathname}${search}`),
          label: currencyLabel(code),
          title: t(`switchers.currencyNames.${code}`),
          isCurrent: code === currency,
          rel: 'nofollow',
        }))}
        className={className}
      />
    );
  }

  return (
    <div className={cn(className)}>
      <label htmlFor={id} className="sr-only">
        {t('switchers.currency')}
      </label>
      <Select
        id={id}
        value={currency}
        onChange={(event) => {
          if (isCurrencyCode(event.target.value)) setCurrency(event.target.value);
        }}
        className="h-10 text-sm sm:text-sm"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code} title={t(`switchers.currencyNames.${code}`)}>
            {currencyLabel(code)}
          </option>
        ))}
      </Select>
    </div>
  );
}
