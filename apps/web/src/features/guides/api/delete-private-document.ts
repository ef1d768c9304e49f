import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** Deletes one of the caller's private documents (identity, certificate or vehicle paper). */
export function deletePrivateDocument(id: string): Promise<unknown> {
  return apiFetch('file-management-public/delete-user-private-file', { method: 'DELETE', query: { id } });
}

export function useDeletePrivateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrivateDocument,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['guides', 'documents'] });
      void queryClient.invalidateQueries({ queryKey: guideKeys.idVerificationAll });
      void queryClient.invalidateQueries({ queryKey: guideKeys.vehicles });
    },
  });
}
