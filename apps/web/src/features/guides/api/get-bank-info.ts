import type { BankInfo } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's bank information; null when none was given yet (404 BANK_INFO_NOT_FOUND). */
export async function getBankInfo(): Promise<BankInfo | null> {
  try {
    return await apiFetch<BankInfo>('user-guide-pricing-public/get-bank-info');
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const bankInfoQueryOptions = queryOptions({ queryKey: guideKeys.bankInfo, queryFn: getBankInfo });

export function useBankInfo() {
  return useQuery(bankInfoQueryOptions);
}
