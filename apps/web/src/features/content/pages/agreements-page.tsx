import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { LocalizedLink } from '@/i18n/localized-link';
import { LegalDocument } from '../components/legal-document';
import { RelatedDocuments } from '../components/related-documents';
import { DOCUMENT_TITLE_KEYS, type LegalDocumentId } from '../legal-versions';

// The section ids are the anchors other pages link to (the footer's /agreements#privacy).
const SECTIONS = ['terms', 'privacy', 'guide-agreement'] as const satisfies readonly LegalDocumentId[];

export function AgreementsPage() {
  const { t } = useTranslation('content');
  return (
    <PageShell>
      <PageIntro title={t('agreements.title')} intro={t('agreements.intro')} />
      <nav aria-label={t('agreements.jumpTo')} className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a
                href={`#${section}`}
                className="inline-flex rounded-full border border-neutral-200 bg-surface px-4 py-2 text-sm font-medium text-neutral-700 hover:border-brand-300 hover:text-brand-800"
              >
                {t(DOCUMENT_TITLE_KEYS[section])}
              </a>
            </li>
          ))}
          <li>
            <LocalizedLink
              to="/agreements/kvkk"
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-100"
            >
              {t('agreements.kvkkLink')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </LocalizedLink>
          </li>
        </ul>
      </nav>
      <div className="mt-12 flex flex-col gap-16">
        {SECTIONS.map((section) => (
          <section
            key={section}
            id={section}
            aria-labelledby={`${section}-title`}
            className="scroll-mt-24 rounded-panel border border-neutral-200 bg-surface p-6 shadow-card sm:p-10"
          >
            <h2 id={`${section}-title`} className="text-2xl font-bold text-neutral-900 sm:text-3xl">
              {t(DOCUMENT_TITLE_KEYS[section])}
            </h2>
            <div className="mt-3">
              <LegalDocument document={section} headingOffset={1} idPrefix={`${section}-`} />
            </div>
          </section>
        ))}
      </div>
      <RelatedDocuments current={SECTIONS} />
    </PageShell>
  );
}
