import type { CurrencyCode, Place } from '@marco/contract/reference';
import type { SearchGuides, SearchSort } from '@marco/contract/search';
import { isIsoDate } from '@/lib/formatting';

/*
 * The guide list keeps every filter in the URL (shareable, the back button works). Names
 * follow the home hero search: `location` (a place key), `from`, `to` (YYYY-MM-DD) and
 * `language` (repeated for several). The others: `maxPrice` (whole units of the chosen
 * currency), `gender`, `service` (repeated service type keys), `kind` (service kind),
 * `rating` (minimum stars), `sort` and `page`.
 */

// The contract's values, kept here (type-checked) so the page does not load its zod schemas.
export const SEARCH_SORTS = [
  'price_asc',
  'price_desc',
  'newest',
  'rating',
  'reviews',
  'responds_fastest',
] as const satisfies readonly SearchSort[];
/** The longest date range a search takes (contract SEARCH_MAX_DAYS). */
export const SEARCH_MAX_DAYS = 62;
export const PAGE_SIZE = 12;
export const DEFAULT_SORT: SearchSort = 'rating';
export const RATING_CHOICES = [4, 3, 2, 1] as const;

export interface GuideFilters {
  location: string | null;
  from: string | null;
  to: string | null;
  languages: string[];
  maxPrice: number | null;
  gender: string | null;
  serviceTypes: string[];
  serviceKind: string | null;
  minRating: number | null;
  sort: SearchSort;
  page: number;
}

const FILTER_PARAMS = [
  'location',
  'from',
  'to',
  'language',
  'maxPrice',
  'gender',
  'service',
  'kind',
  'rating',
] as const;

const isSort = (value: string | null): value is SearchSort =>
  value !== null && (SEARCH_SORTS as readonly string[]).includes(value);

const positiveInteger = (value: string | null, max: number): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
};

const unique = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/** Reads the filters from the URL, dropping values that cannot be right. */
export function readFilters(params: URLSearchParams): GuideFilters {
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : null;
  };
  const rating = positiveInteger(params.get('rating'), 5);
  return {
    location: params.get('location')?.trim() || null,
    from: date('from'),
    to: date('to'),
    languages: unique(params.getAll('language').flatMap((value) => value.split(','))).map((code) => code.toLowerCase()),
    maxPrice: positiveInteger(params.get('maxPrice'), 1_000_000),
    gender: params.get('gender')?.trim() || null,
    serviceTypes: unique(params.getAll('service')),
    serviceKind: params.get('kind')?.trim() || null,
    minRating: rating,
    sort: isSort(params.get('sort')) ? (params.get('sort') as SearchSort) : DEFAULT_SORT,
    page: positiveInteger(params.get('page'), 10_000) ?? 1,
  };
}

/**
 * The URL after a change of filters: values equal to the default are left out, and any
 * change other than the page goes back to page 1. Parameters the list does not own (such
 * as the reservation wizard's) are kept.
 */
export function writeFilters(current: URLSearchParams, change: Partial<GuideFilters>): URLSearchParams {
  const next = { ...readFilters(current), ...change };
  if (!('page' in change)) next.page = 1;
  const params = new URLSearchParams(current);
  for (const name of [...FILTER_PARAMS, 'sort', 'page']) params.delete(name);
  if (next.location) params.set('location', next.location);
  if (next.from) params.set('from', next.from);
  if (next.to) params.set('to', next.to);
  for (const code of next.languages) params.append('language', code);
  if (next.maxPrice) params.set('maxPrice', String(next.maxPrice));
  if (next.gender) params.set('gender', next.gender);
  for (const key of next.serviceTypes) params.append('service', key);
  if (next.serviceKind) params.set('kind', next.serviceKind);
  if (next.minRating) params.set('rating', String(next.minRating));
  if (next.sort !== DEFAULT_SORT) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}

/** How many filters are set (the sort and page are not filters). */
export function countActiveFilters(filters: GuideFilters): number {
  return (
    (filters.location ? 1 : 0) +
    (filters.from || filters.to ? 1 : 0) +
    (filters.languages.length ? 1 : 0) +
    (filters.maxPrice ? 1 : 0) +
    (filters.gender ? 1 : 0) +
    (filters.serviceTypes.length ? 1 : 0) +
    (filters.serviceKind ? 1 : 0) +
    (filters.minRating ? 1 : 0)
  );
}

/** The URL without any filter (sort kept), for "clear filters". */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  return writeFilters(current, {
    location: null,
    from: null,
    to: null,
    languages: [],
    maxPrice: null,
    gender: null,
    serviceTypes: [],
    serviceKind: null,
    minRating: null,
  });
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type DateRangeProblem = 'reversed' | 'tooLong' | null;

/**
 * The date range the API gets. The search needs both ends: "from" alone looks from that day
 * on, "to" alone from today; at most SEARCH_MAX_DAYS days (a longer range is cut and said so).
 */
export function resolveDateRange(
  from: string | null,
  to: string | null,
  today: string,
): { dateFrom?: string; dateTo?: string; problem: DateRangeProblem } {
  if (!from && !to) return { problem: null };
  const start = from ?? (to && to < today ? to : today);
  const end = to ?? addDays(start, SEARCH_MAX_DAYS - 1);
  if (end < start) return { problem: 'reversed' };
  const lastAllowed = addDays(start, SEARCH_MAX_DAYS - 1);
  if (end > lastAllowed) return { dateFrom: start, dateTo: lastAllowed, problem: 'tooLong' };
  return { dateFrom: start, dateTo: end, problem: null };
}

/** The search body for the filters; null while the location cannot be resolved yet. */
export function toSearchBody(
  filters: GuideFilters,
  context: { places: readonly Place[]; currency: CurrencyCode; today: string; pageSize?: number },
): SearchGuides {
  const place = filters.location ? context.places.find((item) => item.key === filters.location) : undefined;
  const range = resolveDateRange(filters.from, filters.to, context.today);
  return {
    ...(place ? { location: { type: place.type, id: place.id } } : {}),
    ...(range.dateFrom && range.dateTo ? { dateFrom: range.dateFrom, dateTo: range.dateTo } : {}),
    ...(filters.languages.length ? { languages: filters.languages } : {}),
    ...(filters.maxPrice ? { maxPriceMinor: filters.maxPrice * 100 } : {}),
    currency: context.currency,
    ...(filters.gender ? { gender: filters.gender } : {}),
    ...(filters.serviceTypes.length ? { serviceTypes: filters.serviceTypes } : {}),
    ...(filters.serviceKind === 'guidance' || filters.serviceKind === 'translation'
      ? { serviceKind: filters.serviceKind }
      : {}),
    ...(filters.minRating ? { minRating: filters.minRating } : {}),
    sort: filters.sort,
    page: filters.page,
    pageSize: context.pageSize ?? PAGE_SIZE,
  };
}
