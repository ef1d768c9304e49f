import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** The filters on a phone: a sheet from the bottom of the screen over the results. */
export function FiltersSheet({
  open,
  onClose,
  onClear,
  canClear,
  resultLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  canClear: boolean;
  resultLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('discovery');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('filters.title')}
      className="mx-0 mt-auto mb-0 max-h-[88dvh] w-full max-w-none rounded-b-none [&>div:nth-child(2)]:pt-4"
      footer={
        <>
          {canClear ? (
            <Button variant="outline" onClick={onClear}>
              {t('filters.clearAll')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-testid="show-results">
            {resultLabel}
          </Button>
        </>
      }
    >
      {open ? children : null}
    </Dialog>
  );
}
