import type { MyProfile } from '@marco/contract/accounts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { useSendEmailConfirmation } from '../api/email-confirmation';

/** Whether the saved address is confirmed (spec §3 `emailConfirmed`), with "resend confirmation" while it is not. */
export function EmailStatus({ profile }: { profile: Pick<MyProfile, 'email' | 'emailConfirmed'> }) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const resend = useSendEmailConfirmation();
  if (!profile.email) return null;

  if (profile.emailConfirmed) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-success-700">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        {t('contact.confirmed')}
      </p>
    );
  }

  const send = async () => {
    try {
      const sent = await resend.mutateAsync();
      toast({
        color: 'success',
        title: t('contact.resent'),
        description: t('contact.resentDescription', { email: sent.email }),
      });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-control border border-warning-200 bg-warning-50 p-3.5 text-sm sm:flex-row sm:items-center">
      <div className="flex flex-1 items-start gap-2 text-warning-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning-700" />
        <p>
          <span className="font-semibold">{t('contact.unconfirmed')}</span>
          <span className="block leading-relaxed">{t('contact.unconfirmedHint')}</span>
        </p>
      </div>
      <Button variant="outline" size="sm" loading={resend.isPending} onClick={() => void send()} className="shrink-0">
        {t('contact.resend')}
      </Button>
    </div>
  );
}
