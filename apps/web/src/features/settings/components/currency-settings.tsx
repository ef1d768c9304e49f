import type { MyProfile } from '@marco/contract/accounts';
import type { CurrencyCode } from '@marco/contract/reference';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { CURRENCIES, currencyLabel, useCurrency } from '@/lib/currency';
import { describeError } from '@/lib/describe-error';
import { useCurrencies } from '../api/get-currencies';
import { useSaveProfile } from '../hooks/use-save-profile';

/** USD, TL or EUR: saved in the profile and used by the header's currency switcher. */
export function CurrencySettings({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const currencies = useCurrencies();
  const [displayed, setDisplayed] = useCurrency();
  const { save } = useSaveProfile();
  // The choice shows at once; it goes back if the server refuses.
  const [pending, setPending] = useState<CurrencyCode | null>(null);
  const saved = currencies.find((currency) => currency.id === profile.currencyId)?.code;
  const selected = pending ?? saved ?? displayed;

  const choose = async (code: CurrencyCode) => {
    // The header's switcher follows at once, also for a visitor-like fallback without the list.
    setDisplayed(code);
    const currency = currencies.find((item) => item.code === code);
    if (!currency) return;
    setPending(code);
    try {
      await save({ currencyId: currency.id }, profile.concurrencyStamp);
      toast({ color: 'success', title: t('currency.saved') });
    } catch (error) {
      if (saved) setDisplayed(saved);
      toast({ color: 'error', ...describeError(error, tDefault) });
    } finally {
      setPending(null);
    }
  };

  return (
    <fieldset disabled={pending !== null}>
      <legend className="sr-only">{t('currency.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {CURRENCIES.map((code) => (
          <label
            key={code}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-control border px-4 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
              selected === code ? 'border-brand-500 bg-brand-50' : 'border-neutral-200 hover:bg-neutral-50',
            )}
          >
            <input
              type="radio"
              name="currency"
              value={code}
              checked={selected === code}
              onChange={() => void choose(code)}
              className="size-4 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-neutral-900">{currencyLabel(code)}</span>
              <span className="block text-sm text-neutral-500">{tDefault(`switchers.currencyNames.${code}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
