import type { CurrencyCode } from '@marco/contract/reference';

/** Units of each currency one US dollar buys (`currency-public`'s unitsPerUsd). */
export type RatesPerUsd = Partial<Record<CurrencyCode, number>>;

/**
 * Converts minor units between currencies the way the server does (through units per US
 * dollar, rounded half away from zero to a whole minor unit), so the live total the wizard
 * shows is the total the reservation will store. Null when a rate is unknown.
 */
export function convertMinor(amountMinor: number, from: CurrencyCode, to: CurrencyCode, rates: RatesPerUsd) {
  if (from === to) return amountMinor;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  return Math.round((amountMinor * toRate) / fromRate);
}

export interface PriceQuote {
  hourlyRateMinor: number;
  vehicleHourlyRateMinor: number;
  totalHours: number;
  totalMinor: number;
}

/** hours × (hourly rate + vehicle rate), each rate converted and rounded once (as the server's snapshot). */
export function quotePrice(input: {
  guideCurrency: CurrencyCode;
  hourlyRateMinor: number;
  /** The vehicle's additional hourly rate, in the guide's currency (as the server reads it). */
  vehicleHourlyRateMinor: number;
  hoursPerDay: number;
  days: number;
  currency: CurrencyCode;
  rates: RatesPerUsd;
}): PriceQuote | null {
  const hourlyRateMinor = convertMinor(input.hourlyRateMinor, input.guideCurrency, input.currency, input.rates);
  const vehicleHourlyRateMinor = convertMinor(
    input.vehicleHourlyRateMinor,
    input.guideCurrency,
    input.currency,
    input.rates,
  );
  if (hourlyRateMinor === null || vehicleHourlyRateMinor === null) return null;
  const totalHours = Math.max(0, input.hoursPerDay) * input.days;
  return {
    hourlyRateMinor,
    vehicleHourlyRateMinor,
    totalHours,
    totalMinor: totalHours * (hourlyRateMinor + vehicleHourlyRateMinor),
  };
}
