import { CreditCard } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { useDescribeError } from '@/features/reservations/hooks/use-describe-error';
import { usePayReservation } from '../api/pay-reservation';

/** "Pay": starts the checkout of an approved reservation and goes to the provider's page. */
export function PayButton({
  reservationId,
  label,
  ...props
}: { reservationId: string; label?: string } & Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const { toast } = useToast();
  const pay = usePayReservation();
  return (
    <Button
      {...props}
      data-testid="pay-reservation"
      // Stays busy after success too: the browser is on its way to the checkout page.
      loading={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate(reservationId, { onError: (error) => toast({ ...describe(error), color: 'error' }) })}
    >
      <CreditCard aria-hidden="true" />
      {label ?? t('actions.pay')}
    </Button>
  );
}
