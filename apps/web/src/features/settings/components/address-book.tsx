import type { Address } from '@marco/contract/accounts';
import { MapPinPlus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { useUserAddresses } from '../api/get-user-addresses';
import { useUpdateUserAddress } from '../api/update-user-address';
import { AddressCard, addressSummary } from './address-card';
import { AddressFormDialog } from './address-form-dialog';
import { DeleteAddressDialog } from './delete-address-dialog';

function AddressesSkeleton() {
  const { t } = useTranslation('settings');
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2">
      <span role="status" className="sr-only">
        {t('addresses.loading')}
      </span>
      {[0, 1].map((index) => (
        <div key={index} className="rounded-card border border-neutral-200 p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-3 h-4 w-1/2" />
          <Skeleton className="mt-2 h-4 w-1/3" />
          <div className="mt-5 flex gap-2">
            <Skeleton className="h-9 w-20" />
            <Skeleton className="h-9 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

type FormState = { open: boolean; address: Address | null; key: number };

/** The user's postal addresses: list, add, edit, delete, and which one is the default. */
export function AddressBook() {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const addresses = useUserAddresses();
  const update = useUpdateUserAddress();
  const [form, setForm] = useState<FormState>({ open: false, address: null, key: 0 });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  // The button that opened a dialog gets the focus back; when it is gone (its address was deleted), the add button does.
  const returnFocus = () => {
    const opener = trigger.current;
    trigger.current = null;
    // After the list has re-rendered, so a deleted address's button counts as gone.
    requestAnimationFrame(() => (opener?.isConnected ? opener : addButton.current)?.focus());
  };
  const openForm = (address: Address | null, opener: HTMLElement | null) => {
    trigger.current = opener;
    setForm((current) => ({ open: true, address, key: current.key + 1 }));
  };
  const closeForm = () => {
    setForm((current) => ({ ...current, open: false }));
    returnFocus();
  };
  const closeDelete = () => {
    setDeleting(null);
    returnFocus();
  };

  const makeDefault = async (address: Address) => {
    try {
      await update.mutateAsync({
        id: address.id,
        countryId: address.countryId,
        stateId: address.stateId,
        cityId: address.cityId,
        street: address.street,
        postalCode: address.postalCode,
        isDefault: true,
      });
      toast({
        color: 'success',
        title: t('addresses.defaultChanged'),
        description: t('addresses.defaultChangedDescription', {
          address: addressSummary(address, t('addresses.separator')),
        }),
      });
      // Its "set as default" button is gone; the focus stays on the same address.
      document.getElementById(`address-${address.id}-edit`)?.focus();
    } catch (updateError) {
      toast({ color: 'error', ...describeError(updateError, tDefault) });
    }
  };

  const list = addresses.data;
  const addAction = (
    <Button ref={addButton} onClick={(event) => openForm(null, event.currentTarget)} className="w-full sm:w-auto">
      <MapPinPlus aria-hidden="true" />
      {t('addresses.add')}
    </Button>
  );

  let body: ReactNode;
  if (addresses.isPending) {
    body = <AddressesSkeleton />;
  } else if (addresses.isError || !list) {
    const { description } = describeError(addresses.error, tDefault);
    body = (
      <ErrorNotice
        title={t('addresses.loadFailed')}
        description={description}
        retryLabel={tDefault('buttons.retry')}
        onRetry={() => void addresses.refetch()}
      />
    );
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-neutral-300 bg-neutral-50 px-4 py-10 text-center">
        <span className="mb-1 grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <MapPinPlus aria-hidden="true" className="size-6" />
        </span>
        <p className="font-semibold text-neutral-900">{t('addresses.emptyTitle')}</p>
        <p className="max-w-md text-sm text-neutral-600">{t('addresses.emptyDescription')}</p>
        <div className="mt-3 w-full sm:w-auto">{addAction}</div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <ul aria-label={t('addresses.listLabel')} className="grid gap-4 sm:grid-cols-2">
          {list.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                onEdit={(opener) => openForm(address, opener)}
                onDelete={(opener) => {
                  trigger.current = opener;
                  setDeleting(address);
                }}
                onMakeDefault={() => void makeDefault(address)}
                isMakingDefault={update.isPending && update.variables?.id === address.id}
              />
            </li>
          ))}
        </ul>
        <div className="flex justify-end">{addAction}</div>
      </div>
    );
  }

  return (
    <>
      {body}
      <AddressFormDialog
        key={form.key}
        open={form.open}
        address={form.address}
        isFirst={(list?.length ?? 0) === 0}
        onClose={closeForm}
      />
      <DeleteAddressDialog address={deleting} onClose={closeDelete} />
    </>
  );
}
