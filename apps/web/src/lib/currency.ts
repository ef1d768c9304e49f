import { CURRENCY_CHOICE_PATH, CURRENCY_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';
import { numberFormat } from './formatting';

// spec §1: currencies offered are TL (TRY), USD and EUR. Kept local (type-checked against the
// contract) so the first paint does not pull the contract's zod schemas in.
export const CURRENCIES = ['USD', 'TRY', 'EUR'] as const satisfies readonly CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';
const STORAGE_KEY = 'currency';

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The label users see: the lira is shown as TL (spec §1). */
export function currencyLabel(code: CurrencyCode): string {
  return code === 'TRY' ? 'TL' : code;
}

// CLDR gives some locales a region-qualified dollar ("US$" in Arabic, which right-to-left
// text shows as "$US"); Marco offers one dollar, so the plain sign reads best everywhere.
const PLAIN_SYMBOLS: Partial<Record<CurrencyCode, string>> = { USD: '$', EUR: '€' };

export interface FormatMoneyOptions {
  /** Leaves out ".00" on whole amounts ("$50" instead of "$50.00"), for prices in lists. */
  trimWholeCents?: boolean;
}

/**
 * Formats an amount in minor units in the locale's number style, e.g. 12_500 USD → "$125.00"
 * (en), "125,00 $" (de), "‏125.00 $" (ar); lira amounts end in "TL" (spec §1).
 */
export function formatMoney(
  amountMinor: number,
  currency: CurrencyCode,
  locale: string,
  options: FormatMoneyOptions = {},
): string {
  const amount = amountMinor / 100;
  const fractionDigits = options.trimWholeCents && amountMinor % 100 === 0 ? 0 : 2;
  const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  if (currency === 'TRY') return `${numberFormat(locale, digits).format(amount)} TL`;
  return numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', ...digits })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? (PLAIN_SYMBOLS[currency] ?? part.value) : part.value))
    .join('');
}

/** The server's page that chooses `code` and comes back to `returnTo` (a path of this site). */
export function currencyChoiceHref(code: CurrencyCode, returnTo: string): string {
  return `${CURRENCY_CHOICE_PATH}/${code}?${new URLSearchParams({ return: returnTo })}`;
}

// The cookie first: the server sets it too (the switcher's links before the app runs), and then
// it is the newer choice.
function readStoredCurrency(): CurrencyCode {
  const cookie = readCookie(CURRENCY_COOKIE);
  if (isCurrencyCode(cookie)) return cookie;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isCurrencyCode(stored)) return stored;
  } catch {
    // Storage may be blocked (private mode, embedded views).
  }
  return DEFAULT_CURRENCY;
}

const listeners = new Set<() => void>();
let current: CurrencyCode | null = null;

/** The visitor's chosen currency, in the browser (useCurrency for a component). */
export function currentCurrency(): CurrencyCode {
  current ??= readStoredCurrency();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY && isCurrencyCode(event.newValue)) {
      current = event.newValue;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the chosen currency in localStorage and in the `currency` cookie the server reads. */
export function setCurrency(code: CurrencyCode): void {
  current = code;
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // See readStoredCurrency.
  }
  writeCookie(CURRENCY_COOKIE, code, LOCALE_COOKIE_MAX_AGE_S);
  for (const listener of listeners) listener();
}

/**
 * The currency of the server's rendering: the visitor's `currency` cookie on the server, and
 * the same value while the client hydrates that HTML, so prices match; the stored choice
 * takes over right after.
 */
export const RenderedCurrencyContext = createContext<CurrencyCode>(DEFAULT_CURRENCY);

export function useCurrency(): [CurrencyCode, (code: CurrencyCode) => void] {
  const rendered = useContext(RenderedCurrencyContext);
  const currency = useSyncExternalStore(subscribe, currentCurrency, () => rendered);
  return [currency, setCurrency];
}
