import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useRequireAuth } from '@/features/auth/hooks/use-require-auth';
import { useLocalePath } from '@/i18n/use-locale';
import { describeError } from '@/lib/describe-error';
import { openConversation } from '../api/open-conversation';

/**
 * "Send message" on a guide's page or a reservation: opens (or creates) the conversation
 * with that person and goes to /messages/{id}. A visitor is sent to log in first and
 * comes back to the page they were on.
 *
 *   const { startConversation, isPending } = useStartConversation();
 *   <Button loading={isPending} onClick={() => startConversation(guide.userId)}>…</Button>
 */
export function useStartConversation() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { toast } = useToast();
  const mutation = useMutation({
    mutationFn: openConversation,
    onSuccess: ({ id }) => navigate(localize(`/messages/${id}`)),
    onError: (error) => toast({ ...describeError(error, t), color: 'error' }),
  });
  const { mutate } = mutation;
  const startConversation = useCallback((userId: string) => requireAuth(() => mutate(userId)), [requireAuth, mutate]);
  return { startConversation, isPending: mutation.isPending };
}
