import type { GuidePhoto } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

type PhotoList = { data: GuidePhoto[] };

/** Deletes one of the caller's photos; answers the remaining ones. */
export async function deleteGuidePhoto(id: string): Promise<GuidePhoto[]> {
  const { data } = await apiFetch<PhotoList>('file-management-public/delete-user-guide-photo-file', {
    method: 'DELETE',
    query: { id },
  });
  return data;
}

/** Orders the caller's photos: every own photo id once, in the new order. */
export async function reorderGuidePhotos(ids: string[]): Promise<GuidePhoto[]> {
  const { data } = await apiFetch<PhotoList>('file-management-public/reorder-user-guide-photo-files', {
    method: 'PUT',
    body: { ids },
  });
  return data;
}

export async function setCoverPhoto(id: string): Promise<GuidePhoto[]> {
  const { data } = await apiFetch<PhotoList>('file-management-public/set-user-guide-cover-photo', {
    method: 'PUT',
    query: { id },
  });
  return data;
}

function usePhotoMutation<T>(mutationFn: (input: T) => Promise<GuidePhoto[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (photos) => queryClient.setQueryData(guideKeys.photos, photos),
  });
}

export const useDeleteGuidePhoto = () => usePhotoMutation(deleteGuidePhoto);
export const useReorderGuidePhotos = () => usePhotoMutation(reorderGuidePhotos);
export const useSetCoverPhoto = () => usePhotoMutation(setCoverPhoto);
