import type {
  Dispute,
  DisputeQueue,
  DisputeStatus,
  OpenDispute,
  ReservationDisputeState,
  ResolveDispute,
  StaffDisputeDetail,
} from '@marco/contract/disputes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const DISPUTE_QUEUE_PAGE_SIZE = 25;
const partyKey = ['disputes'] as const;
const staffKey = ['staff', 'disputes'] as const;
const enc = encodeURIComponent;

// -- The parties ---------------------------------------------------------------------------

export const reservationDisputeQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: [...partyKey, 'reservation', reservationId],
    queryFn: () => apiFetch<ReservationDisputeState>(`reservations/${enc(reservationId)}/dispute`),
    staleTime: 0,
  });

export const useReservationDispute = (reservationId: string) => useQuery(reservationDisputeQueryOptions(reservationId));

export const disputeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...partyKey, 'case', id],
    queryFn: () => apiFetch<Dispute>(`disputes/${enc(id)}`),
    staleTime: 0,
  });

export const useDispute = (id: string) => useQuery(disputeQueryOptions(id));

/** Opens the case, then sends the photos one by one (the server takes one per call). */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photos, ...body }: OpenDispute & { photos: File[] }) => {
      let dispute = await apiFetch<Dispute>('disputes', { method: 'POST', body });
      for (const photo of photos) {
        const form = new FormData();
        form.append('file', photo);
        dispute = await apiFetch<Dispute>(`disputes/${enc(dispute.id)}/photos`, { method: 'POST', body: form });
      }
      return dispute;
    },
    onSuccess: (dispute) => {
      queryClient.setQueryData(disputeQueryOptions(dispute.id).queryKey, dispute);
      void queryClient.invalidateQueries({ queryKey: [...partyKey, 'reservation', dispute.reservation.id] });
    },
  });
}

export function usePostDisputeMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiFetch<Dispute>(`disputes/${enc(id)}/messages`, { method: 'POST', body: { text } }),
    onSuccess: (dispute) => queryClient.setQueryData(disputeQueryOptions(id).queryKey, dispute),
  });
}

export function useAddDisputePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => {
      const form = new FormData();
      form.append('file', photo);
      return apiFetch<Dispute>(`disputes/${enc(id)}/photos`, { method: 'POST', body: form });
    },
    onSuccess: (dispute) => queryClient.setQueryData(disputeQueryOptions(id).queryKey, dispute),
  });
}

// -- Staff ---------------------------------------------------------------------------------

export const disputeQueueQueryOptions = (status: DisputeStatus, page: number) =>
  queryOptions({
    queryKey: [...staffKey, 'queue', status, page],
    queryFn: () =>
      apiFetch<DisputeQueue>('staff/disputes', { query: { status, page, pageSize: DISPUTE_QUEUE_PAGE_SIZE } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useDisputeQueue = (status: DisputeStatus, page: number) =>
  useQuery(disputeQueueQueryOptions(status, page));

export const staffDisputeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffKey, 'case', id],
    queryFn: () => apiFetch<StaffDisputeDetail>(`staff/disputes/${enc(id)}`),
    staleTime: 0,
  });

export const useStaffDispute = (id: string) => useQuery(staffDisputeQueryOptions(id));

function useApplyStaffCase(id: string) {
  const queryClient = useQueryClient();
  return (detail: StaffDisputeDetail) => {
    queryClient.setQueryData(staffDisputeQueryOptions(id).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: [...staffKey, 'queue'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
  };
}

export function useStaffDisputeMessage(id: string) {
  const apply = useApplyStaffCase(id);
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch<StaffDisputeDetail>(`staff/disputes/${enc(id)}/messages`, { method: 'POST', body: { text } }),
    onSuccess: apply,
  });
}

export function useResolveDispute(id: string) {
  const apply = useApplyStaffCase(id);
  return useMutation({
    mutationFn: (body: ResolveDispute) =>
      apiFetch<StaffDisputeDetail>(`staff/disputes/${enc(id)}/resolve`, { method: 'POST', body }),
    onSuccess: apply,
  });
}
