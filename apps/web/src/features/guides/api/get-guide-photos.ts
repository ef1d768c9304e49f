import type { GuidePhoto } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's guide photos, in order. */
export async function getGuidePhotos(): Promise<GuidePhoto[]> {
  const { data } = await apiFetch<{ data: GuidePhoto[] }>('file-management-public/get-user-public-photo-by-ids');
  return data;
}

export const guidePhotosQueryOptions = queryOptions({ queryKey: guideKeys.photos, queryFn: getGuidePhotos });

export function useGuidePhotos() {
  return useQuery(guidePhotosQueryOptions);
}
