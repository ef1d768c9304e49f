import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../hooks/use-feedback';
import { ConfirmDialog } from './confirm-dialog';

type DeleteMutation = {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

type DeleteFileDialogProps = {
  /** The file awaiting confirmation; the dialog is open while there is one. */
  file: { id: string } | null;
  title: string;
  description: ReactNode;
  remove: DeleteMutation;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Confirms deleting an uploaded file; stays open with the error shown when deleting fails. */
export function DeleteFileDialog({ file, title, description, remove, onClose, onDeleted }: DeleteFileDialogProps) {
  const { t } = useTranslation('guides');
  const feedback = useFeedback();
  return (
    <ConfirmDialog
      open={file !== null}
      title={title}
      description={description}
      confirmLabel={t('actions.delete')}
      destructive
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!file) return;
        remove.mutate(file.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
          onError: (error) => feedback.failed(error),
        });
      }}
    />
  );
}
