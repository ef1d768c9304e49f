import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/describe-error';

/** A localised title and description for a failed call (the `errors` catalog, by code). */
export function useDescribeError() {
  const { t } = useTranslation();
  return useCallback((error: unknown) => describeError(error, t), [t]);
}
