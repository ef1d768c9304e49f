import type { BankInfo } from '@marco/contract/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The caller's bank information; null when none was given yet. */
export async function getBankInfo(): Promise<BankInfo | null> {
  return apiFetch<BankInfo | null>('user-guide-pricing-public/get-bank-info');
}

export const bankInfoQueryOptions = queryOptions({ queryKey: guideKeys.bankInfo, queryFn: getBankInfo });

export function useBankInfo() {
  return useQuery(bankInfoQueryOptions);
}
