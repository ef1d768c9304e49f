import type { GuideVideo } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The intro video of guide `id` (guide or user id), or null. */
export async function getGuideVideo(id: string): Promise<GuideVideo | null> {
  const { data } = await apiFetch<{ data: GuideVideo[] }>(
    `file-management-public/get-guide-public-video-by-ids/${encodeURIComponent(id)}`,
  );
  return data[0] ?? null;
}

export const guideVideoQueryOptions = (id: string) =>
  queryOptions({ queryKey: guideKeys.video(id), queryFn: () => getGuideVideo(id) });

/** Idle until the caller has a guide (or user) id. */
export function useGuideVideo(id: string | null | undefined) {
  return useQuery({ ...guideVideoQueryOptions(id ?? ''), enabled: Boolean(id) });
}
