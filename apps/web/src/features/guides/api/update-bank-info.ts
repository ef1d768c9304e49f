import type { BankInfo, UpdateBankInfo } from '@marco/contract/guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { guideKeys } from './keys';

/** The server checks the IBAN's checksum and the SWIFT/BIC format too. */
export function updateBankInfo(input: UpdateBankInfo): Promise<BankInfo> {
  return apiFetch<BankInfo>('user-guide-pricing-public/create-update-bank-info', { method: 'POST', body: input });
}

export function useUpdateBankInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankInfo,
    onSuccess: (info) => queryClient.setQueryData(guideKeys.bankInfo, info),
  });
}
