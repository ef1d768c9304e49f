import { Award, BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Verified (identity checked by staff) and certificated (a guide licence) flags. */
export function GuideBadges({ verified, certificated }: { verified: boolean; certificated: boolean }) {
  const { t } = useTranslation('discovery');
  if (!verified && !certificated) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {verified ? (
        <li className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          {t('badges.verified')}
        </li>
      ) : null}
      {certificated ? (
        <li className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800">
          <Award aria-hidden="true" className="size-3.5" />
          {t('badges.certificated')}
        </li>
      ) : null}
    </ul>
  );
}
