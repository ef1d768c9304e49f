import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';

export function RequestDetailPage() {
  const { t } = useTranslation('pages');
  // Back to the list this request was opened from: /<lng>/requests/<tab>/<id>.
  const tab = useLocation().pathname.split('/')[3] ?? '';
  return (
    <PageShell>
      <BackLink to={`/requests/${tab}`}>{t('requestDetail.backToRequests')}</BackLink>
      <PageIntro title={t('requestDetail.title')} intro={t('requestDetail.intro')} />
    </PageShell>
  );
}
