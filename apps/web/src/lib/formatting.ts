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

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An `Intl.NumberFormat`, made once per locale and options: making one costs far more than
 * formatting with it, and a page of guide cards formats hundreds of numbers (on the server,
 * every page rendered).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}
