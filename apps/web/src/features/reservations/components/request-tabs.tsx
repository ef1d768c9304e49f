import { RESERVATION_GROUPS, type Reservation } from '@marco/contract/reservations';
import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';

export const REQUEST_TABS = [
  { to: '/requests', key: 'all', group: 'all', segment: '' },
  { to: '/requests/active', key: 'active', group: 'active', segment: 'active' },
  { to: '/requests/await', key: 'await', group: 'awaiting', segment: 'await' },
  { to: '/requests/history', key: 'history', group: 'history', segment: 'history' },
] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];

/** A request's detail lives under the tab of its group: /requests/{active|await|history}/{id}. */
export function requestPath(reservation: Pick<Reservation, 'id' | 'status'>): string {
  const groups = RESERVATION_GROUPS as Record<string, readonly string[]>;
  const tab =
    REQUEST_TABS.find((item) => item.group !== 'all' && groups[item.group]?.includes(reservation.status)) ??
    REQUEST_TABS[3];
  return `/requests/${tab.segment}/${reservation.id}`;
}

export const tabClass = (isActive: boolean) =>
  cn(
    'inline-flex whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold transition-colors',
    isActive
      ? 'border-brand-600 text-brand-800'
      : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900',
  );

/** spec §4: the guide's requests grouped all, active/approved, awaiting and past, one route each. */
export function RequestTabs() {
  const { t } = useTranslation('reservations');
  return (
    <nav aria-label={t('tabs.label')} className="border-b border-neutral-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto scrollbar-none">
        {REQUEST_TABS.map((tab) => (
          <li key={tab.key}>
            <LocalizedNavLink to={tab.to} end className={({ isActive }) => tabClass(isActive)}>
              {t(`tabs.${tab.key}`)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
