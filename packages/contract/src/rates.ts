import { z } from 'zod';
import { IdSchema } from './common.js';
import { type CurrencyCode, CurrencyCodeSchema } from './reference.js';

/*
 * Exchange rates (issue 18 item 6): finance sets how many units of a currency one US dollar
 * buys, from an effective time on, by form or CSV. Calls under /api/app/staff/rates.
 */

/** US dollars are what every rate counts in, so the dollar's own rate is always 1. */
export const RATE_BASE_CURRENCY = 'USD' satisfies CurrencyCode;
export const SETTABLE_RATE_CURRENCIES = ['TRY', 'EUR'] as const;
export const SettableRateCurrencySchema = z.enum(SETTABLE_RATE_CURRENCIES);
export type SettableRateCurrency = z.infer<typeof SettableRateCurrencySchema>;

/** numeric(18, 6) in the database: whole part below 10^12; bounded far lower as a typo guard. */
export const MAX_UNITS_PER_USD = 1_000_000;
export const MAX_RATE_DECIMALS = 6;
export const MAX_CSV_RATE_ROWS = 500;

const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;

export const UnitsPerUsdSchema = z
  .number()
  .positive('The rate must be greater than zero')
  .max(MAX_UNITS_PER_USD, `The rate must be at most ${MAX_UNITS_PER_USD}`)
  .refine((value) => hasAtMostDecimals(value, MAX_RATE_DECIMALS), `At most ${MAX_RATE_DECIMALS} decimals`);

/** `POST /api/app/staff/rates`: one new rate; without `effectiveAt` it is in force at once. */
export const SetExchangeRateSchema = z.object({
  currency: SettableRateCurrencySchema,
  unitsPerUsd: UnitsPerUsdSchema,
  effectiveAt: z.iso.datetime({ offset: true }).optional(),
});
export type SetExchangeRate = z.infer<typeof SetExchangeRateSchema>;

/** `POST /api/app/staff/rates/import`: a CSV file's text (see parseExchangeRatesCsv); all rows or none. */
export const ImportExchangeRatesSchema = z.object({ csv: z.string().min(1).max(100_000) });
export type ImportExchangeRates = z.infer<typeof ImportExchangeRatesSchema>;

export const RATES_CSV_HEADER = ['currency', 'units_per_usd', 'effective_at'] as const;

/** What is wrong with a line, for a client to say in its language. */
export type CsvRateProblemCode = 'header' | 'columns' | 'currency' | 'rate' | 'effectiveAt' | 'empty' | 'tooMany';

export interface CsvRateProblem {
  /** 1-based line of the file. */
  line: number;
  code: CsvRateProblemCode;
  message: string;
}

const problemCodeOf = (field: PropertyKey | undefined): CsvRateProblemCode =>
  field === 'currency' ? 'currency' : field === 'effectiveAt' ? 'effectiveAt' : 'rate';

/**
 * Reads a rates CSV: the header `currency,units_per_usd,effective_at`, then one rate a line
 * (`EUR,0.92,2026-12-01T00:00:00Z`; an empty effective_at means now). Every problem is
 * reported with its line, so the file can be fixed in one go; a file with any problem
 * imports nothing.
 */
export function parseExchangeRatesCsv(
  csv: string,
): { ok: true; rates: SetExchangeRate[] } | { ok: false; problems: CsvRateProblem[] } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const problems: CsvRateProblem[] = [];
  const rates: SetExchangeRate[] = [];
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  if (header.join(',') !== RATES_CSV_HEADER.join(',')) {
    return {
      ok: false,
      problems: [{ line: 1, code: 'header', message: `The first line must be ${RATES_CSV_HEADER.join(',')}` }],
    };
  }
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    if (text.trim() === '') return;
    const cells = text.split(',').map((cell) => cell.trim());
    if (cells.length !== RATES_CSV_HEADER.length) {
      problems.push({
        line,
        code: 'columns',
        message: `Expected ${RATES_CSV_HEADER.length} values, found ${cells.length}`,
      });
      return;
    }
    const [currency, units, effectiveAt] = cells as [string, string, string];
    const parsed = SetExchangeRateSchema.safeParse({
      currency: currency.toUpperCase(),
      unitsPerUsd: /^[-+]?\d+(\.\d+)?$/.test(units) ? Number(units) : Number.NaN,
      ...(effectiveAt ? { effectiveAt } : {}),
    });
    if (parsed.success) rates.push(parsed.data);
    else
      problems.push(
        ...parsed.error.issues.map((issue) => ({
          line,
          code: problemCodeOf(issue.path[0]),
          message: `${issue.path.join('.')}: ${issue.message}`,
        })),
      );
  });
  if (!problems.length && !rates.length) problems.push({ line: 2, code: 'empty', message: 'The file has no rates' });
  if (rates.length > MAX_CSV_RATE_ROWS)
    problems.push({ line: MAX_CSV_RATE_ROWS + 2, code: 'tooMany', message: `At most ${MAX_CSV_RATE_ROWS} rates` });
  return problems.length ? { ok: false, problems } : { ok: true, rates };
}

export const ExchangeRatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ExchangeRatesQuery = z.infer<typeof ExchangeRatesQuerySchema>;

export const ExchangeRateChangeSchema = z.object({
  id: IdSchema,
  currency: CurrencyCodeSchema,
  unitsPerUsd: z.number().positive(),
  effectiveAt: z.iso.datetime(),
  source: z.enum(['form', 'csv']),
  createdAt: z.iso.datetime(),
  createdBy: z.object({ userId: IdSchema, name: z.string().nullable() }),
});
export type ExchangeRateChange = z.infer<typeof ExchangeRateChangeSchema>;

/** `GET /api/app/staff/rates`: the rates in force, the scheduled ones (soonest first) and the history (newest first, paged). */
export const ExchangeRatesSchema = z.object({
  current: z.array(
    z.object({ currency: CurrencyCodeSchema, unitsPerUsd: z.number().positive(), since: z.iso.datetime() }),
  ),
  scheduled: z.array(ExchangeRateChangeSchema),
  history: z.object({
    data: z.array(ExchangeRateChangeSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
});
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

export const ImportedExchangeRatesSchema = z.object({ imported: z.number().int().min(1) });
export type ImportedExchangeRates = z.infer<typeof ImportedExchangeRatesSchema>;
