import type { PrivateDocument } from '@marco/contract/guides';
import { ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A private document shown in the page through its authorised link (owner or staff):
 * images inline, PDFs in an embedded viewer with a link to open them.
 */
export function DocumentViewer({ document, title }: { document: PrivateDocument; title: string }) {
  const { t } = useTranslation('admin');
  const name = document.fileName ?? title;
  return (
    <figure className="overflow-hidden rounded-card border border-neutral-200 bg-surface">
      <div className="bg-neutral-100">
        {document.contentType === 'application/pdf' ? (
          <object data={document.downloadUrl} type="application/pdf" title={name} className="h-96 w-full">
            <div className="flex h-96 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-neutral-600">
              <FileText aria-hidden="true" className="size-10 text-neutral-400" />
              <p>{t('documents.noPreview')}</p>
            </div>
          </object>
        ) : (
          <img src={document.downloadUrl} alt={name} className="max-h-96 w-full object-contain" />
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
        <span className="min-w-0 truncate font-medium text-neutral-800" dir="auto">
          {name}
        </span>
        <a
          href={document.downloadUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex shrink-0 items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('documents.open')}
        </a>
      </figcaption>
    </figure>
  );
}
