import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';

const TABS = [
  { to: '/requests', key: 'all' },
  { to: '/requests/active', key: 'active' },
  { to: '/requests/await', key: 'await' },
  { to: '/requests/history', key: 'history' },
] as const;

/** spec §4: request lists are grouped active, awaiting and history. */
export function RequestTabs() {
  const { t } = useTranslation('pages');
  return (
    <nav aria-label={t('requests.tabsLabel')} className="border-b border-neutral-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto scrollbar-none">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <LocalizedNavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold transition-colors',
                  isActive
                    ? 'border-brand-600 text-brand-800'
                    : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900',
                )
              }
            >
              {t(`requests.tabs.${tab.key}`)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
