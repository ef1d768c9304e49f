import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { RequestTabs } from '../components/request-tabs';

type RequestListKey = 'requests' | 'requestsActive' | 'requestsAwait' | 'requestsHistory';

function RequestList({ pageKey }: { pageKey: RequestListKey }) {
  const { t } = useTranslation('pages');
  return (
    <PageShell>
      <RequestTabs />
      <PageIntro className="mt-10" title={t(`${pageKey}.title`)} intro={t(`${pageKey}.intro`)} />
    </PageShell>
  );
}

export function RequestsPage() {
  return <RequestList pageKey="requests" />;
}

export function ActiveRequestsPage() {
  return <RequestList pageKey="requestsActive" />;
}

export function AwaitingRequestsPage() {
  return <RequestList pageKey="requestsAwait" />;
}

export function RequestHistoryPage() {
  return <RequestList pageKey="requestsHistory" />;
}
