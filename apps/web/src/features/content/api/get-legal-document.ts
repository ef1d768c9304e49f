import type { Locale } from '@marco/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPlaceholders } from '@/lib/markdown/parse-markdown';
import { COMPANY } from '../company';
import type { LegalDocumentId } from '../legal-versions';

// Lazy: every document of every locale is its own small chunk, fetched when a page shows it.
const sources = import.meta.glob<string>('/src/content/legal/*/*.md', { query: '?raw', import: 'default' });

export function legalDocumentPath(document: LegalDocumentId, locale: Locale): string {
  return `/src/content/legal/${document}/${locale}.md`;
}

// The details are Latin-script data inside text of any direction: each is wrapped in a
// first-strong isolate (U+2068 … U+2069) so that, in Arabic, "A.Ş." keeps its full stop.
const ISOLATED_COMPANY: Record<string, string> = Object.fromEntries(
  Object.entries(COMPANY).map(([name, value]) => [name, `\u2068${value}\u2069`]),
);

/** The Markdown of a document in a locale, with the company's details filled in. */
export async function getLegalDocument(document: LegalDocumentId, locale: Locale): Promise<string> {
  const load = sources[legalDocumentPath(document, locale)];
  if (!load) throw new Error(`No ${document} document in ${locale}`);
  return fillPlaceholders(await load(), ISOLATED_COMPANY);
}

export const legalDocumentQueryOptions = (document: LegalDocumentId, locale: Locale) =>
  queryOptions({
    queryKey: ['legal-document', document, locale],
    queryFn: () => getLegalDocument(document, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLegalDocument(document: LegalDocumentId, locale: Locale) {
  return useQuery(legalDocumentQueryOptions(document, locale));
}
