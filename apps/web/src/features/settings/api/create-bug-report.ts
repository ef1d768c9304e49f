import type { CreateBugReport } from '@marco/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Feedback: stores a problem report linked to the signed-in reporter. */
export function createBugReport(input: CreateBugReport): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('report-client-bug-public/create', { method: 'POST', body: input });
}

export function useCreateBugReport() {
  return useMutation({ mutationFn: createBugReport });
}
