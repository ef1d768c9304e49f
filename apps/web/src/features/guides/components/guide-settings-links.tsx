import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/hooks/use-user';
import { LocalizedLink } from '@/i18n/localized-link';
import { useIsUserGuide } from '../api/is-user-guide';
import { GUIDE_SETTINGS_SECTIONS, SECTION_ICONS, sectionPath } from './settings-sections';

/**
 * The guide sections of /settings' section list, for approved guides only: each opens its
 * section of /guide-settings. Nothing (and no catalog loaded) for everyone else.
 */
export function GuideSettingsLinks() {
  const { isSignedIn } = useUser();
  const { data } = useIsUserGuide(isSignedIn);
  return data?.isGuide ? <SectionLinks /> : null;
}

function SectionLinks() {
  const { t, ready } = useTranslation('guides');
  if (!ready) return null;
  return (
    <div className="mt-6">
      <h2
        id="guide-settings-links-title"
        className="mb-2 px-1 text-xs font-semibold uppercase tracking-wide text-neutral-500 lg:px-3"
      >
        {t('settings.groupTitle')}
      </h2>
      <ul
        aria-labelledby="guide-settings-links-title"
        className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card lg:divide-y-0 lg:border-0 lg:bg-transparent lg:shadow-none"
      >
        {GUIDE_SETTINGS_SECTIONS.map((section) => {
          const Icon = SECTION_ICONS[section];
          return (
            <li key={section}>
              <LocalizedLink
                to={sectionPath(section)}
                className="flex items-center gap-3 px-4 py-3.5 text-sm font-medium text-neutral-800 hover:bg-neutral-50 lg:rounded-control lg:px-3 lg:py-2.5 lg:hover:bg-neutral-100"
              >
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                <span className="flex-1">{t(`settings.sections.${section}.title`)}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-neutral-400 lg:hidden rtl:rotate-180" />
              </LocalizedLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
