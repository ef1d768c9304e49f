import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { useGuideModeNavigation } from '@/features/guide-mode/hooks/use-guide-mode';
import { REQUEST_TABS, type RequestTab, RequestTabs, requestPath } from '../components/request-tabs';
import { ReservationList } from '../components/reservation-list';
import { EmptyState } from '../components/states';
import { usePageParam } from '../hooks/use-page-param';

/**
 * /requests and its tabs: the requests travellers sent to the signed-in guide (the guide's
 * side of a reservation); each opens /requests/{tab}/{id}. The traveller's own
 * reservations live under /reservations.
 */
function RequestList({ tab }: { tab: RequestTab }) {
  const { t } = useTranslation('reservations');
  useGuideModeNavigation();
  const [page, setPage] = usePageParam();
  return (
    <PageShell>
      <PageIntro title={t(`requests.${tab.key}.title`)} intro={t(`requests.${tab.key}.intro`)} />
      <div className="mt-10">
        <RequestTabs />
      </div>
      <div className="mt-8">
        <ReservationList
          side="guide"
          group={tab.group}
          page={page}
          onPage={setPage}
          detailPath={(reservation) => requestPath(reservation)}
          empty={
            <EmptyState
              testId="requests-empty"
              title={t(`requests.${tab.key}.empty`)}
              text={t('requests.emptyText')}
              action={
                <ButtonLink to="/guide-settings" variant="outline">
                  {t('requests.emptyAction')}
                </ButtonLink>
              }
            />
          }
        />
      </div>
    </PageShell>
  );
}

const [ALL, ACTIVE, AWAIT, HISTORY] = REQUEST_TABS;

export function RequestsPage() {
  return <RequestList tab={ALL} />;
}

export function ActiveRequestsPage() {
  return <RequestList tab={ACTIVE} />;
}

export function AwaitingRequestsPage() {
  return <RequestList tab={AWAIT} />;
}

export function RequestHistoryPage() {
  return <RequestList tab={HISTORY} />;
}
