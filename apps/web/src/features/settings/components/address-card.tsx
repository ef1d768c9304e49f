import type { Address } from '@marco/contract/accounts';
import { CircleCheck, MapPin, Pencil, Star, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const join = (parts: Array<string | null>, separator: string) => parts.filter(Boolean).join(separator);

/** The place an address is in, most precise first: "İstanbul, Turkey" (`separator` is the language's comma). */
export function addressPlace(address: Address, separator: string): string {
  return join([address.cityName ?? address.stateName, address.countryName], separator);
}

/** One line naming an address, for confirmations: "İstiklal Caddesi 1, İstanbul, Turkey". */
export function addressSummary(address: Address, separator: string): string {
  return join([address.street, addressPlace(address, separator)], separator);
}

type AddressCardProps = {
  address: Address;
  onEdit: (trigger: HTMLElement) => void;
  onDelete: (trigger: HTMLElement) => void;
  onMakeDefault: () => void;
  isMakingDefault: boolean;
};

/** An address as it would be written on an envelope, with what can be done to it. */
export function AddressCard({ address, onEdit, onDelete, onMakeDefault, isMakingDefault }: AddressCardProps) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const separator = t('addresses.separator');
  const lines = [
    address.street,
    join([address.postalCode, address.cityName], ' '),
    join([address.stateName, address.countryName], separator),
  ].filter(Boolean);

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex h-full flex-col rounded-card border bg-surface p-4 sm:p-5',
        address.isDefault ? 'border-brand-300 ring-1 ring-brand-200' : 'border-neutral-200',
      )}
    >
      <div className="flex items-start gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold break-words text-neutral-900">
            <bdi>{addressPlace(address, separator)}</bdi>
          </h3>
          <address className="mt-1 text-sm leading-relaxed text-neutral-600 not-italic">
            {lines.map((line) => (
              <span key={line} className="block break-words">
                <bdi>{line}</bdi>
              </span>
            ))}
          </address>
        </div>
        {address.isDefault ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            {t('addresses.default')}
          </span>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-neutral-100 pt-4">
        <Button
          id={`address-${address.id}-edit`}
          variant="outline"
          size="sm"
          aria-describedby={headingId}
          onClick={(event) => onEdit(event.currentTarget)}
        >
          <Pencil aria-hidden="true" />
          {t('addresses.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-describedby={headingId}
          className="text-error-700 hover:bg-error-50 hover:text-error-800"
          onClick={(event) => onDelete(event.currentTarget)}
        >
          <Trash2 aria-hidden="true" />
          {t('addresses.delete')}
        </Button>
        {address.isDefault ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={headingId}
            loading={isMakingDefault}
            className="ms-auto text-brand-800"
            onClick={onMakeDefault}
          >
            <Star aria-hidden="true" />
            {t('addresses.makeDefault')}
          </Button>
        )}
      </div>
    </article>
  );
}
