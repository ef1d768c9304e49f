import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { CURRENCIES, currencyLabel, isCurrencyCode, useCurrency } from '@/lib/currency';

/** USD, TL or EUR; remembered in localStorage and the `currency` cookie. */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [currency, setCurrency] = useCurrency();

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
