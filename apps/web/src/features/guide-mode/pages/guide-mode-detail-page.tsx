import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { PageShell } from '@/components/layouts/page-intro';
import { GuideRequestDetail } from '@/features/reservations/components/guide-request-detail';
import { useGuideModeNavigation } from '../hooks/use-guide-mode';

/** /guide-mode/{id}: a request opened from the dashboard. */
export function GuideModeDetailPage() {
  const { t } = useTranslation('reservations');
  useGuideModeNavigation();
  const { id = '' } = useParams();
  return (
    <PageShell className="max-w-4xl">
      <BackLink to="/guide-mode">{t('guide.backToDashboard')}</BackLink>
      <div className="mt-6">
        <GuideRequestDetail id={id} />
      </div>
    </PageShell>
  );
}
