import type {
  DeskCancel,
  DeskRefundRequest,
  DeskReservationDetail,
  DeskSearchQuery,
  DeskSearchResult,
} from '@marco/contract/desk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const DESK_PAGE_SIZE = 25;
const deskKey = ['staff', 'desk'] as const;

export type DeskFilter = Partial<Omit<DeskSearchQuery, 'page' | 'pageSize'>>;

/** A page of reservations matching the desk's filter (support, finance). */
export const searchDesk = (filter: DeskFilter, page: number) =>
  apiFetch<DeskSearchResult>('staff/reservations', {
    query: { ...filter, page, pageSize: DESK_PAGE_SIZE },
  });

export const deskSearchQueryOptions = (filter: DeskFilter, page: number) =>
  queryOptions({
    queryKey: [...deskKey, 'search', filter, page],
    queryFn: () => searchDesk(filter, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useDeskSearch = (filter: DeskFilter, page: number) => useQuery(deskSearchQueryOptions(filter, page));

export const getDeskReservation = (id: string) =>
  apiFetch<DeskReservationDetail>(`staff/reservations/${encodeURIComponent(id)}`);

export const deskReservationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...deskKey, 'reservation', id], queryFn: () => getDeskReservation(id), staleTime: 0 });

export const useDeskReservation = (id: string) => useQuery(deskReservationQueryOptions(id));

/** After a cancellation or a refund: the answer is the reservation's new story; lists and the audit log refetch. */
function useApplyStory(id: string) {
  const queryClient = useQueryClient();
  return (story: DeskReservationDetail) => {
    queryClient.setQueryData(deskReservationQueryOptions(id).queryKey, story);
    void queryClient.invalidateQueries({ queryKey: [...deskKey, 'search'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
  };
}

export function useCancelReservation(id: string) {
  const apply = useApplyStory(id);
  return useMutation({
    mutationFn: (body: DeskCancel) =>
      apiFetch<DeskReservationDetail>(`staff/reservations/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }),
    onSuccess: apply,
  });
}

export function useRefundReservation(id: string) {
  const apply = useApplyStory(id);
  return useMutation({
    mutationFn: (body: DeskRefundRequest) =>
      apiFetch<DeskReservationDetail>(`staff/reservations/${encodeURIComponent(id)}/refunds`, {
        method: 'POST',
        body,
      }),
    onSuccess: apply,
  });
}
