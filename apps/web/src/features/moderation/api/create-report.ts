import type { CreateReport, ReportReceipt } from '@marco/contract/moderation';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Reports an item once; a second report of the same item fails with 409 CONFLICT. */
export const createReport = (body: CreateReport) =>
  apiFetch<ReportReceipt>('moderation/reports', { method: 'POST', body });

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
