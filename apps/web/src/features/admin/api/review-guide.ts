import type { AdminGuideDetail, GuideFlags } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { adminGuideKey } from './get-guide-application';

export type ReviewAction =
  | { type: 'approve' }
  | { type: 'reject'; reason: string }
  | { type: 'suspend'; reason?: string }
  | { type: 'reinstate' }
  | { type: 'flags'; flags: GuideFlags };

/** A staff decision on application `id`; answers the application as staff now see it. */
export function reviewGuide(id: string, action: ReviewAction, locale?: string): Promise<AdminGuideDetail> {
  const base = `admin/guides/${encodeURIComponent(id)}`;
  const query = { locale };
  switch (action.type) {
    case 'approve':
    case 'reinstate':
      return apiFetch<AdminGuideDetail>(`${base}/${action.type}`, { method: 'POST', query });
    case 'reject':
      return apiFetch<AdminGuideDetail>(`${base}/reject`, { method: 'POST', body: { reason: action.reason }, query });
    case 'suspend':
      return apiFetch<AdminGuideDetail>(`${base}/suspend`, {
        method: 'POST',
        body: action.reason ? { reason: action.reason } : {},
        query,
      });
    case 'flags':
      return apiFetch<AdminGuideDetail>(`${base}/flags`, { method: 'PUT', body: action.flags, query });
  }
}

export function useReviewGuide(id: string) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (action: ReviewAction) => reviewGuide(id, action, locale),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminGuideKey(id, locale), detail);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'guides'] });
    },
  });
}
