import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { LegalDocument } from '../components/legal-document';
import { RelatedDocuments } from '../components/related-documents';

/** The data-protection notice under KVKK (Law No. 6698) and the GDPR. */
export function KvkkPage() {
  const { t } = useTranslation('content');
  return (
    <PageShell>
      <PageIntro title={t('kvkk.title')} intro={t('kvkk.intro')} className="mb-10" />
      <LegalDocument document="kvkk" withContents />
      <RelatedDocuments current={['kvkk']} />
    </PageShell>
  );
}
