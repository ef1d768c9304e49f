import type { UploadItem } from '../../hooks/use-uploads';
import { FilePicker } from './file-picker';
import { UploadList } from './upload-list';

type UploadFieldProps = {
  label: string;
  hint: string;
  accept: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  uploads: { items: UploadItem[]; cancel: (id: string) => void; dismiss: (id: string) => void };
  /** The allowed formats and size, for the "wrong type / too large" messages. */
  typesLabel: string;
  maxBytes: number;
};

/** The drop zone and, below it, the uploads it started with their progress or failure. */
export function UploadField({ uploads, typesLabel, maxBytes, ...picker }: UploadFieldProps) {
  return (
    <>
      <FilePicker {...picker} />
      <UploadList
        items={uploads.items}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        typesLabel={typesLabel}
        maxBytes={maxBytes}
      />
    </>
  );
}
