import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export function deleteGuideVideo(id: string): Promise<unknown> {
  return apiFetch('file-management-public/delete-user-guide-video-file', { method: 'DELETE', query: { id } });
}

export function useDeleteGuideVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuideVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.videoAll }),
  });
}
