import { DOCUMENT_VERSIONS, LEGAL_VERSIONS, type PublishedDocument } from '@marco/contract/legal';

/**
 * The version of every published document. The source is the contract
 * (packages/contract/src/legal.ts), so the version the server records with a consent is
 * the version the page shows.
 */
export { DOCUMENT_VERSIONS, LEGAL_VERSIONS };

/** The documents under src/content/legal/<id>/<locale>.md. */
export const LEGAL_DOCUMENTS = [
  'terms',
  'privacy',
  'guide-agreement',
  'kvkk',
  'cancellation',
  'cookies',
  'community',
  'payments',
] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

const VERSION_KEYS: Record<LegalDocumentId, PublishedDocument> = {
  terms: 'terms',
  privacy: 'privacy',
  'guide-agreement': 'guideAgreement',
  kvkk: 'kvkk',
  cancellation: 'cancellation',
  cookies: 'cookies',
  community: 'community',
  payments: 'payments',
};

export function versionOf(document: LegalDocumentId): string {
  return DOCUMENT_VERSIONS[VERSION_KEYS[document]];
}

/** Where each document is read in the app. */
export const DOCUMENT_PATHS: Record<LegalDocumentId, string> = {
  terms: '/agreements#terms',
  privacy: '/agreements#privacy',
  'guide-agreement': '/agreements#guide-agreement',
  kvkk: '/agreements/kvkk',
  cancellation: '/policy/cancellation',
  cookies: '/policy/cookies',
  community: '/policy/community',
  payments: '/policy/payments',
};

/** The key of a document's title in the `content` namespace. */
export const DOCUMENT_TITLE_KEYS = {
  terms: 'legal.documents.terms',
  privacy: 'legal.documents.privacy',
  'guide-agreement': 'legal.documents.guideAgreement',
  kvkk: 'legal.documents.kvkk',
  cancellation: 'legal.documents.cancellation',
  cookies: 'legal.documents.cookies',
  community: 'legal.documents.community',
  payments: 'legal.documents.payments',
} as const satisfies Record<LegalDocumentId, string>;
