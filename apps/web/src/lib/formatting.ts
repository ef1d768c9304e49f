/** A local calendar date as YYYY-MM-DD (what native date inputs and the API use). */
export function toIsoDate(date: Date): string {
  const year = date.getFullYear();
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * An Intl formatter made once per locale and options: making one costs far more than
 * formatting with it, and a page of guide cards formats hundreds of numbers, lists and dates
 * (on the server, every page rendered). Options come from the code and the data's time zones,
 * so the kept formatters stay few.
 */
function keptFormatter<Options, Formatter>(make: (locale: string, options: Options) => Formatter) {
  const kept = new Map<string, Formatter>();
  return (locale: string, options: Options): Formatter => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = kept.get(key);
    if (!formatter) {
      formatter = make(locale, options);
      kept.set(key, formatter);
    }
    return formatter;
  };
}

const keptNumberFormat = keptFormatter(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keptNumberFormat(locale, options);
}

export const listFormat = keptFormatter(
  (locale, options: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options),
);

export const dateTimeFormat = keptFormatter(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}
