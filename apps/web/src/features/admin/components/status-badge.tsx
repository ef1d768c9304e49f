import type { GuideStatus } from '@marco/contract/guides';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STYLES: Record<GuideStatus, string> = {
  draft: 'bg-neutral-100 text-neutral-700',
  submitted: 'bg-info-50 text-info-800',
  approved: 'bg-success-50 text-success-800',
  rejected: 'bg-error-50 text-error-800',
  suspended: 'bg-warning-50 text-warning-800',
};

export function StatusBadge({ status, className }: { status: GuideStatus; className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STYLES[status],
        className,
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
