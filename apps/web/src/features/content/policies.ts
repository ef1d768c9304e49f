import type { LegalDocumentId } from './legal-versions';

/** Policy pages that exist under /policy/{slug}; any other slug is not found. */
export const POLICY_SLUGS = ['cancellation', 'cookies', 'community', 'payments'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number] & LegalDocumentId;

export function isPolicySlug(value: unknown): value is PolicySlug {
  return typeof value === 'string' && (POLICY_SLUGS as readonly string[]).includes(value);
}
