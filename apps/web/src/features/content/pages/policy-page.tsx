import { isPolicySlug, type PolicySlug } from '@marco/contract/legal';
import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { openConsentSettings } from '@/lib/consent';
import { LegalDocument } from '../components/legal-document';
import { RelatedDocuments } from '../components/related-documents';

/** Only the policies that exist are pages; `/policy/anything-else` (or blank) is not found. */
export function policyPageLoader({ params }: LoaderFunctionArgs) {
  if (!isPolicySlug(params.slug)) throw data(null, { status: 404 });
  return null;
}

function PolicyAction({ policy }: { policy: PolicySlug }) {
  const { t } = useTranslation('content');
  switch (policy) {
    case 'cookies':
      return (
        <Button onClick={openConsentSettings}>
          <Cookie aria-hidden="true" />
          {t('policy.cookies.action')}
        </Button>
      );
    case 'community':
      return (
        <ButtonLink to="/about#support" variant="outline">
          {t('policy.community.action')}
        </ButtonLink>
      );
    default:
      return (
        <ButtonLink to="/reservations" variant="outline">
          {t(`policy.${policy}.action`)}
        </ButtonLink>
      );
  }
}

export function PolicyPage() {
  const { t } = useTranslation('content');
  const { slug } = useParams();
  // The route's loader answers 404 for unknown slugs before this renders.
  if (!isPolicySlug(slug)) return null;
  return (
    <PageShell>
      <PageIntro
        title={t(`policy.${slug}.title`)}
        intro={t(`policy.${slug}.intro`)}
        actions={<PolicyAction policy={slug} />}
        className="mb-10"
      />
      <LegalDocument document={slug} withContents />
      <RelatedDocuments current={[slug]} />
    </PageShell>
  );
}
