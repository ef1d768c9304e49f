import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';

/** Toasts for a save: "Saved" on success, the error's title and description on failure. */
export function useFeedback() {
  const { t } = useTranslation('guides');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const saved = useCallback(
    (title?: string) => toast({ color: 'success', title: title ?? t('feedback.saved'), timeout: 3000 }),
    [toast, t],
  );
  const failed = useCallback(
    (error: unknown) => toast({ color: 'error', ...describeError(error, tDefault) }),
    [toast, tDefault],
  );
  const describe = useCallback((error: unknown) => describeError(error, tDefault), [tDefault]);
  return { saved, failed, describe };
}
