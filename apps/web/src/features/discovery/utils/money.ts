import type { Currency, CurrencyCode } from '@marco/contract/reference';

/**
 * A guide's rate in the visitor's currency, in minor units: the search's formula
 * (round(minor × rate(to) / rate(from)), rates as units per US dollar), so a guide's price
 * reads the same on the list and on the page. Null while the rates are not known.
 */
export function convertMinor(
  minor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  currencies: readonly Pick<Currency, 'code' | 'unitsPerUsd'>[],
): number | null {
  if (from === to) return minor;
  const rateFrom = currencies.find((currency) => currency.code === from)?.unitsPerUsd;
  const rateTo = currencies.find((currency) => currency.code === to)?.unitsPerUsd;
  if (!rateFrom || !rateTo) return null;
  return Math.round((minor * rateTo) / rateFrom);
}
