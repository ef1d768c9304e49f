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

/** The Markdown of a document in a locale, with the company's details filled in. */
export async function getLegalDocument(document: LegalDocumentId, locale: Locale): Promise<string> {
  const load = sources[legalDocumentPath(document, locale)];
  if (!load) throw new Error(`No ${document} document in ${locale}`);
  return fillPlaceholders(await load(), COMPANY);
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
