import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { PageShell } from '@/components/layouts/page-intro';
import { useGuideModeNavigation } from '@/features/guide-mode/hooks/use-guide-mode';
import { GuideRequestDetail } from '../components/guide-request-detail';
import { REQUEST_TABS } from '../components/request-tabs';

/** /requests/{active|await|history}/{id}: one request to the guide, back to the tab it was opened from. */
export function RequestDetailPage() {
  const { t } = useTranslation('reservations');
  useGuideModeNavigation();
  const { id = '' } = useParams();
  const segment = useLocation().pathname.split('/')[3] ?? '';
  const tab = REQUEST_TABS.find((item) => item.segment === segment) ?? REQUEST_TABS[0];
  return (
    <PageShell className="max-w-4xl">
      <BackLink to={tab.to}>{t('guide.backTo', { list: t(`tabs.${tab.key}`) })}</BackLink>
      <div className="mt-6">
        <GuideRequestDetail id={id} />
      </div>
    </PageShell>
  );
}
