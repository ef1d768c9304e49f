import type { DocumentCheck } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export type GuideDocumentKind = 'identity' | 'certificate';

const CHECK_PATHS: Record<GuideDocumentKind, string> = {
  identity: 'file-management-public/check-user-identity-doc-file',
  certificate: 'file-management-public/check-user-certificate',
};

/** Whether the caller has uploaded identity documents (or a certificate), and which. */
export function getPrivateDocuments(kind: GuideDocumentKind): Promise<DocumentCheck> {
  return apiFetch<DocumentCheck>(CHECK_PATHS[kind]);
}

export const privateDocumentsQueryOptions = (kind: GuideDocumentKind) =>
  queryOptions({ queryKey: guideKeys.documents(kind), queryFn: () => getPrivateDocuments(kind) });

export function usePrivateDocuments(kind: GuideDocumentKind) {
  return useQuery(privateDocumentsQueryOptions(kind));
}
