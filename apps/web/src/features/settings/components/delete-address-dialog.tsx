import type { Address } from '@marco/contract/accounts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { useDeleteUserAddress } from '../api/delete-user-address';
import { addressSummary } from './address-card';

type DeleteAddressDialogProps = {
  /** The address to delete; null keeps the dialog closed. */
  address: Address | null;
  onClose: () => void;
};

/** Asks before deleting an address for good; deleting the default passes it to the oldest remaining one. */
export function DeleteAddressDialog({ address, onClose }: DeleteAddressDialogProps) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const remove = useDeleteUserAddress();

  const confirm = async () => {
    if (!address) return;
    try {
      await remove.mutateAsync(address.id);
      toast({ color: 'success', title: t('addresses.deleted') });
      onClose();
    } catch (deleteError) {
      toast({ color: 'error', ...describeError(deleteError, tDefault) });
    }
  };

  return (
    <Dialog
      open={address !== null}
      onClose={onClose}
      title={t('addresses.deleteTitle')}
      description={
        address
          ? t('addresses.deleteDescription', { address: addressSummary(address, t('addresses.separator')) })
          : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('addresses.cancel')}
          </Button>
          <Button variant="destructive" loading={remove.isPending} onClick={() => void confirm()}>
            {t('addresses.confirmDelete')}
          </Button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-neutral-700">
        {t(address?.isDefault ? 'addresses.deleteDefaultNote' : 'addresses.deleteNote')}
      </p>
    </Dialog>
  );
}
