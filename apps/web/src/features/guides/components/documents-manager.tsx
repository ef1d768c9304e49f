import {
  GUIDE_DOCUMENT_MAX_BYTES,
  GUIDE_DOCUMENT_MAX_COUNT,
  GUIDE_DOCUMENT_TYPES,
  type PrivateDocument,
} from '@marco/contract/guides';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { useDeletePrivateDocument } from '../api/delete-private-document';
import { type GuideDocumentKind, usePrivateDocuments } from '../api/get-private-documents';
import { guideKeys } from '../api/keys';
import { uploadPrivateDocument } from '../api/upload-private-document';
import { useUploads } from '../hooks/use-uploads';
import { formatBytes } from '../utils/format';
import { DeleteFileDialog } from './delete-file-dialog';
import { QueryState } from './states';
import { UploadField } from './upload/upload-field';

export const DOCUMENT_RULE = { types: GUIDE_DOCUMENT_TYPES, maxBytes: GUIDE_DOCUMENT_MAX_BYTES };

/** Private documents of one kind (identity or certificate): list, view, delete, upload with progress. */
export function DocumentsManager({ kind, label }: { kind: GuideDocumentKind; label: string }) {
  const query = usePrivateDocuments(kind);
  const queryClient = useQueryClient();
  const uploads = useUploads({
    rule: DOCUMENT_RULE,
    start: (file, onProgress) => uploadPrivateDocument(kind, file, onProgress),
    onUploaded: () => {
      void queryClient.invalidateQueries({ queryKey: guideKeys.documents(kind) });
      if (kind === 'identity') void queryClient.invalidateQueries({ queryKey: guideKeys.idVerificationAll });
    },
  });
  return (
    <QueryState query={query} rows={1}>
      {(check) => <DocumentList documents={check.data} label={label} uploads={uploads} />}
    </QueryState>
  );
}

export function DocumentList({
  documents,
  label,
  uploads,
}: {
  documents: PrivateDocument[];
  label: string;
  uploads: ReturnType<typeof useUploads<PrivateDocument>>;
}) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const remove = useDeletePrivateDocument();
  const [pending, setPending] = useState<PrivateDocument | null>(null);
  const typesLabel = t('upload.documentTypes');
  const isFull = documents.length + uploads.items.length >= GUIDE_DOCUMENT_MAX_COUNT;

  return (
    <div className="flex flex-col gap-3">
      {documents.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={label}>
          {documents.map((document) => (
            <li
              key={document.id}
              className="flex items-center gap-3 rounded-control border border-neutral-200 bg-surface px-3 py-2.5"
            >
              <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <div className="min-w-0 flex-1">
                <a
                  href={document.downloadUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate text-sm font-medium text-brand-800 hover:underline"
                  dir="auto"
                >
                  {document.fileName ?? t('documents.untitled')}
                </a>
                <p className="text-xs text-neutral-500">{formatBytes(document.sizeBytes, locale)}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={t('documents.delete', { name: document.fileName ?? t('documents.untitled') })}
                onClick={() => setPending(document)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadField
        label={t('documents.choose')}
        hint={t('upload.hint', { types: typesLabel, size: formatBytes(GUIDE_DOCUMENT_MAX_BYTES, locale) })}
        accept={GUIDE_DOCUMENT_TYPES}
        multiple
        disabled={isFull}
        onFiles={uploads.add}
        uploads={uploads}
        typesLabel={typesLabel}
        maxBytes={GUIDE_DOCUMENT_MAX_BYTES}
      />
      <DeleteFileDialog
        file={pending}
        title={t('documents.deleteTitle')}
        description={t('documents.deleteText', { name: pending?.fileName ?? t('documents.untitled') })}
        remove={remove}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
