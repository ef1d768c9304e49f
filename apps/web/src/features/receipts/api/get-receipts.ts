import type { Locale } from '@marco/contract/locales';
import { type ReceiptList, receiptPdfPath } from '@marco/contract/receipts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, resolveApiUrl } from '@/lib/api-client';

/** `GET receipt-public/reservations/{id}`: the traveller's receipts of a reservation, oldest first. */
export const getReceipts = (reservationId: string, signal?: AbortSignal) =>
  apiFetch<ReceiptList>(`receipt-public/reservations/${encodeURIComponent(reservationId)}`, { signal });

export const receiptsQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: ['receipts', reservationId] as const,
    queryFn: ({ signal }) => getReceipts(reservationId, signal),
  });

export const useReceipts = (reservationId: string, enabled: boolean) =>
  useQuery({ ...receiptsQueryOptions(reservationId), enabled });

/** A receipt's PDF: a file the browser downloads with the session cookie. */
export const receiptPdfUrl = (reservationId: string, number: number, locale: Locale) =>
  resolveApiUrl(receiptPdfPath(reservationId, number), { locale });
