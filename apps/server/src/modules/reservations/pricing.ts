import type { ReservationCurrency } from '@marco/contract/reservations';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currencies, currencyRates } from '../../db/schema/index.js';

/** Units of each currency per US dollar (the reference rates table). */
export type RatesPerUsd = Record<string, number>;

export interface PriceSnapshot {
  currency: ReservationCurrency;
  hourlyRateMinor: number;
  vehicleHourlyRateMinor: number;
  totalHours: number;
  totalMinor: number;
}

/**
 * Converts an amount in minor units between currencies through their units per US dollar,
 * rounding half away from zero to a whole minor unit (every supported currency has 2 decimals).
 */
export function convertMinor(amountMinor: number, from: string, to: string, rates: RatesPerUsd): number {
  if (from === to) return amountMinor;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) throw new Error(`no exchange rate for ${fromRate ? to : from}`);
  return Math.round((amountMinor * toRate) / fromRate);
}

/**
 * The price of `totalHours` hours: the guide's hourly rate plus the vehicle's additional
 * hourly rate (both in the guide's currency), each converted to the reservation currency
 * and rounded once, so total = hours × (rate + vehicle rate) holds exactly in the snapshot.
 */
export function computePrice(input: {
  guideCurrency: string;
  hourlyRateMinor: number;
  vehicleHourlyRateMinor: number;
  totalHours: number;
  currency: ReservationCurrency;
  rates: RatesPerUsd;
}): PriceSnapshot {
  const hourlyRateMinor = convertMinor(input.hourlyRateMinor, input.guideCurrency, input.currency, input.rates);
  const vehicleHourlyRateMinor = convertMinor(
    input.vehicleHourlyRateMinor,
    input.guideCurrency,
    input.currency,
    input.rates,
  );
  return {
    currency: input.currency,
    hourlyRateMinor,
    vehicleHourlyRateMinor,
    totalHours: input.totalHours,
    totalMinor: input.totalHours * (hourlyRateMinor + vehicleHourlyRateMinor),
  };
}

export async function loadRatesPerUsd(db: Db, codes: string[]): Promise<RatesPerUsd> {
  const rows = await db
    .select({ code: currencies.code, unitsPerUsd: currencyRates.unitsPerUsd })
    .from(currencies)
    .innerJoin(currencyRates, eq(currencyRates.currencyId, currencies.id))
    .where(inArray(currencies.code, codes));
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.unitsPerUsd)]));
}
