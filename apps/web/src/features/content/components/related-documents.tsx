import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/i18n/localized-link';
import { DOCUMENT_PATHS, DOCUMENT_TITLE_KEYS, LEGAL_DOCUMENTS, type LegalDocumentId } from '../legal-versions';

/** Links to every other legal document and to support, at the end of a document page. */
export function RelatedDocuments({ current }: { current: readonly LegalDocumentId[] }) {
  const { t } = useTranslation('content');
  const others = LEGAL_DOCUMENTS.filter((document) => !current.includes(document));
  return (
    <aside aria-labelledby="related-documents" className="mt-16 border-t border-neutral-200 pt-10">
      <h2 id="related-documents" className="text-lg font-semibold text-neutral-900">
        {t('legal.relatedTitle')}
      </h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((document) => (
          <li key={document}>
            <LocalizedLink
              to={DOCUMENT_PATHS[document]}
              className="flex items-center justify-between gap-3 rounded-control border border-neutral-200 bg-surface px-4 py-3 text-sm font-medium text-neutral-800 hover:border-brand-300 hover:text-brand-800"
            >
              {t(DOCUMENT_TITLE_KEYS[document])}
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-neutral-400 rtl:rotate-180" />
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-neutral-600">
        {t('legal.questions')}{' '}
        <LocalizedLink to="/about#support" className="font-medium text-brand-700 underline underline-offset-2">
          {t('legal.contactSupport')}
        </LocalizedLink>
      </p>
    </aside>
  );
}
