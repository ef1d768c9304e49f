import type { ReservationGroup } from '@marco/contract/reservations';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { LocalizedLink } from '@/i18n/localized-link';
import { tabClass } from '../components/request-tabs';
import { ReservationList } from '../components/reservation-list';
import { EmptyState } from '../components/states';
import { usePageParam } from '../hooks/use-page-param';

const TABS = [
  { key: 'all', group: 'all' },
  { key: 'active', group: 'active' },
  { key: 'await', group: 'awaiting' },
  { key: 'history', group: 'history' },
] as const satisfies ReadonlyArray<{ key: string; group: ReservationGroup | 'all' }>;

/**
 * /reservations: the traveller's reservations (spec §2 "My reservations"), tabs all,
 * active/approved, awaiting and past in `?tab=`; a card opens /reservations/{id}.
 */
export function ReservationsPage() {
  const { t } = useTranslation('reservations');
  const [params] = useSearchParams();
  const tab = TABS.find((item) => item.key === params.get('tab')) ?? TABS[0];
  const [page, setPage] = usePageParam();

  return (
    <PageShell>
      <PageIntro title={t('traveller.title')} intro={t('traveller.intro')} />
      <nav aria-label={t('tabs.label')} className="mt-10 border-b border-neutral-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto scrollbar-none">
          {TABS.map((item) => (
            <li key={item.key}>
              <LocalizedLink
                to={item.key === 'all' ? '/reservations' : `/reservations?tab=${item.key}`}
                aria-current={item.key === tab.key ? 'page' : undefined}
                className={tabClass(item.key === tab.key)}
              >
                {t(`tabs.${item.key}`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <ReservationList
          side="tourist"
          group={tab.group}
          page={page}
          onPage={setPage}
          detailPath={(reservation) => `/reservations/${reservation.id}`}
          empty={
            <EmptyState
              testId="reservations-empty"
              title={tab.key === 'all' ? t('traveller.empty.title') : t(`traveller.empty.${tab.key}`)}
              text={t('traveller.empty.text')}
              action={<ButtonLink to="/guides">{t('traveller.empty.action')}</ButtonLink>}
            />
          }
        />
      </div>
    </PageShell>
  );
}
