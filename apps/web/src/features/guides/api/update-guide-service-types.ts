import type { GuideServiceTypes } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/i18n/use-locale';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

export type ServiceKindSelection = { kind: string; enabled: boolean; serviceTypeKeys: string[] };

/** `create-update/{a}/{b}`: {a} the caller's guide or user id, {b} the service kind key. */
export function updateGuideServiceTypes(
  guideId: string,
  { kind, enabled, serviceTypeKeys }: ServiceKindSelection,
  locale?: string,
): Promise<GuideServiceTypes> {
  return apiFetch<GuideServiceTypes>(
    `service-type-public/create-update/${encodeURIComponent(guideId)}/${encodeURIComponent(kind)}`,
    { method: 'POST', body: { enabled, serviceTypeKeys: enabled ? serviceTypeKeys : [] }, query: { locale } },
  );
}

/** Saves every kind of the selection, one call per kind (the server's shape). */
export function useUpdateGuideServiceTypes() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: async ({ guideId, kinds }: { guideId: string; kinds: ServiceKindSelection[] }) => {
      let last: GuideServiceTypes | null = null;
      for (const selection of kinds) last = await updateGuideServiceTypes(guideId, selection, locale);
      return last;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.serviceTypesAll }),
  });
}
